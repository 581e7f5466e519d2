#!/usr/bin/env python3
"""(being written) Generates further vector topics; see scripts/README.md."""


def main():
    pass


if __name__ == "__main__":
    main()
