// Floor for `make bench`: the smallest Swift program that prints a line.
print("trending 0.1.0")
