"""The overnight driver's crash signatures: one bucket per kind of failure, not per input."""
import unittest

from afstools.overnight.campaign import normalize_signature as norm


class SignatureTests(unittest.TestCase):
    def test_an_invariant_message_is_cut_before_the_values_it_quotes(self):
        self.assertEqual(norm('invariant broken: $[0].a: leaves: [["x", 1]] differ'), "invariant broken: leaves")
        self.assertEqual(norm('invariant broken: escape("ab") gave {"x"} at 3'), "invariant broken: escape(…) gave")
        self.assertEqual(norm("invariant broken: not deterministic"), "invariant broken: not deterministic")

    def test_numbers_and_addresses_become_placeholders(self):
        self.assertEqual(norm("SUMMARY: AddressSanitizer: heap-buffer-overflow /s/x.swift:12:5 in f 0xdeadbeef"),
                         "SUMMARY: AddressSanitizer: heap-buffer-overflow /s/x.swift:N:N in f 0x…")
        self.assertEqual(norm("Fatal error: Index out of range 42"), "Fatal error: Index out of range N")
        self.assertEqual(len(norm("x" * 300)), 200)


if __name__ == "__main__":
    unittest.main()
