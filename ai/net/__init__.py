"""Tables played over the network: the host that serves them and the client that joins one (``docs/network.md``)."""
