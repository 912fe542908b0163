"""The command line: argument parsing and one module per subcommand.

The top: may use every part; nothing imports it.
"""
