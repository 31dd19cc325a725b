"""Balance reports of sweep results (roses.sim.report), from rows as `roses simulate --out` writes them."""
from roses.sim.report import end_panel


def test_end_reasons_group_by_count_but_keep_the_rulebooks_faq_number():
    """Regression: every number of a Blades & Rose end reason became "N", so the report read
    "… Flower Bud cards (FAQ QN)"; only the counts ("5 Flower Buds", "limit 5") are classes. And
    "Games end by the White Rose was killed" is now "Games end: the White Rose was killed"."""
    reasons = ["4 Flower Buds in the Death Area (limit 4)", "5 Flower Buds in the Death Area (limit 5)",
               "all crystals are placed and the White Rose Faction has played all its White Rose and "
               "Flower Bud cards (FAQ Q12)", "the White Rose was killed"]
    rows = [{"game": "blades-and-rose", "end": "Blood Blades", "fig_end_reason": r} for r in reasons]
    finding = end_panel(rows).finding
    assert finding.startswith("Games end: N Flower Buds in the Death Area (limit N) 50%, ")
    assert "N Flower Buds in the Death Area (limit N) 50%" in finding
    assert "(FAQ Q12) 25%" in finding and "QN" not in finding
