// The HTTP layer's types (requests, the transport, proxies, the budget, clean text) are part of
// this client's interface: the modules above use them through `import AmodbKit`.
@_exported import HTTPKit
