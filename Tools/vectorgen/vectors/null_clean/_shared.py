"""Shared by the null-clean topics: which AF audit row decides a cleaning (levels.py)."""
from ...levels import af
from ...oracles.s6_4_json import clean


def cleaning_row(v, profiles, top_level=False):
    """The AF audit row that decides cleaning `v` for these profiles: the top-level/empty-container rule, the release's
    array rule when af3 and af4 differ on `v`, else the dictionary rule."""
    if top_level or not isinstance(v, (dict, list)):
        return af("6.4/null-cleaning-empty-and-top-level")
    if clean(v, "af3") != clean(v, "af4"):
        return af("6.4/null-cleaning-arrays-kept-af3" if profiles[0] == "af3" else "6.4/null-cleaning-array-elements-af4")
    return af("6.4/null-cleaning-dictionaries")
