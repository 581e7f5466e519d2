"""Unit tests of afstools (pure Python, no Swift), run against the installed package (.ci/setup):
python3 -m unittest discover -s afstools.tests"""
