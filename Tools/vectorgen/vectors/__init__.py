"""One module per generated file: vectors/<component>/<topic>.py writes Vectors/<component>/<topic>.json."""
