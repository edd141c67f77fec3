"""Readers: bytes to checked text, one module per format, and the isolated reader pool.

Nothing here touches the network or the snapshot store; a reader is given bytes or a path.
"""
