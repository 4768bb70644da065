// Floor for `make bench`: the smallest Swift program that prints a line (and its own peak memory).
print("trending 0.1.0 peak-kib \(peakKiB()) dirty-kib \(dirtyKiB())")
