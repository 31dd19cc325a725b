"""Table talk in the core (roses.core.talk): statements are checked against a game's talk rules
and refused with a typed error; talk is never part of a game's state (BR-9, Q10)."""
from __future__ import annotations

import pytest

from roses.core import get_spec
from roses.core import RosesError
from roses.core.talk import KINDS, Talk, TalkError, TalkRules, check_talk, talk_from_json

BR = get_spec("blades-and-rose").talk
NAMES = ["Ada", "Bram", "Cleo", "Dov", "Eli"]


def test_blades_and_rose_allows_every_kind_and_claims_its_factions_and_characters():
    assert BR.kinds == KINDS
    assert {"White Rose Faction", "Blood Blades Faction", "White Rose", "Bishop", "Believer",
            "Great Sword", "Double Knife", "Dark Knife"} == set(BR.claims)
    assert get_spec("roses-and-thorns").talk == TalkRules()  # no talk: no hidden roles (issue 42)


@pytest.mark.parametrize("game", ["roses-and-thorns", "rose-ceremony", "rare-roses"])
def test_a_game_without_hidden_roles_has_no_accusing_or_vouching(game):
    """Regression (issue 42): every game but Blades & Rose took the default talk, accuse and
    vouch, so Rare Roses offered "Accuse" even at the solo table. Each game declares its talk in
    its own package; a game whose seats have no hidden roles declares none."""
    rules = get_spec(game).talk
    assert rules.kinds == () and rules.offered(4) == ()
    for kind in ("accuse", "vouch"):
        with pytest.raises(TalkError) as e:
            check_talk(rules, 4, Talk(0, kind, target=1))
        assert e.value.message.startswith("There is no ") and "no seat has a hidden role" in e.value.message
        assert "'" not in e.value.message and "[" not in e.value.message  # plain words, no engine names
    # a saved record keeps what was said when the game still offered it: it still replays
    assert talk_from_json({"seat": 0, "kind": "accuse", "target": 1}, rules, 4, recorded=True).target == 1


def test_a_table_of_one_has_no_table_talk_whatever_the_game_allows():
    assert BR.offered(1) == () and BR.offered(2) == KINDS and BR.offered(None) == KINDS
    with pytest.raises(TalkError, match="table of one"):
        check_talk(BR, 1, Talk(0, "claim", claim="Bishop"))


def test_claims_offered_follow_the_setup_chart_and_any_claim_is_still_accepted():
    """The menus offered "Great Sword" at a Blades & Rose table of 5, whose setup chart has none;
    a claim is words only (BR-9), so check_talk still accepts it (a saved record replays)."""
    sword = "Great Sword"
    for players, offered in ((5, False), (6, False), (7, True), (8, True)):
        claims = BR.offered_claims(players)
        assert (sword in claims) is offered and claims[:2] == ("White Rose Faction", "Blood Blades Faction")
    assert BR.offered_claims(None) == BR.claims and BR.offered_claims(9) == BR.claims
    assert check_talk(BR, 5, Talk(0, "claim", claim=sword, at_move=0)).claim == sword
    from roses.say import talk_example, usage_line
    assert sword not in usage_line(BR, 5) and sword in usage_line(BR, 7) and sword in usage_line(BR)
    assert talk_example(BR, 4, 5) == "'say nominate 1'"  # the next seat, counted from 1
    # typed in any case it is the game's claim, offered at the table or not (it was refused at 5
    # players as "unknown claim 'great sword'; known: … Great Sword …")
    from roses.say import parse_say
    assert parse_say("say claim great sword", BR, 5, 0, 0).claim == sword


@pytest.mark.parametrize("talk, says", [
    (Talk(0, "shout", target=1), "unknown kind"),
    (Talk(0, "claim", claim="Queen"), "unknown claim"),
    (Talk(0, "claim", target=1, claim="Bishop"), "names no seat"),
    (Talk(0, "accuse", target=0), "cannot accuse itself"),
    (Talk(2, "vouch", target=2), "cannot vouch for itself"),
    (Talk(0, "accuse", target=5), "needs a seat"),
    (Talk(0, "accuse"), "needs a seat"),
    (Talk(0, "accuse", target=1, claim="Bishop"), "not a claim"),
    (Talk(5, "claim", claim="Bishop"), "no seat 5"),
    (Talk(True, "claim", claim="Bishop"), "no seat"),  # type: ignore[arg-type]
    (Talk(0, "claim", claim="Bishop", at_move=-1), "at_move"),
])
def test_a_bad_statement_raises_a_typed_error_naming_what_is_wrong(talk, says):
    with pytest.raises(TalkError) as e:
        check_talk(BR, 5, talk)
    assert says in e.value.message and isinstance(e.value, RosesError) and e.value.rule == "table talk"


def test_a_kind_the_game_does_not_allow_is_refused():
    accusing = TalkRules(kinds=("accuse", "vouch"))
    with pytest.raises(TalkError, match="There is no claiming in this game; you can say: accusing, vouching"):
        check_talk(accusing, 3, Talk(0, "claim", claim="x"))
    assert check_talk(accusing, 3, Talk(0, "accuse", target=2)) == Talk(0, "accuse", target=2)
    with pytest.raises(TalkError, match="There is no accusing in this game"):
        check_talk(TalkRules(), 3, Talk(0, "accuse", target=2))


def test_a_seat_may_nominate_itself_and_statements_read_as_plain_sentences():
    name = NAMES.__getitem__
    assert check_talk(BR, 5, Talk(1, "nominate", target=1)).words(name, BR) == "Bram asks for the coin"
    assert Talk(0, "nominate", target=3).words(name, BR) == "Ada nominates Dov for the coin"
    assert Talk(0, "claim", claim="White Rose").words(name, BR) == "Ada claims White Rose"
    assert Talk(0, "accuse", target=1).words(name) == "Ada accuses Bram"
    assert Talk(4, "vouch", target=2).words(name) == "Eli vouches for Cleo"
    assert Talk(0, "nominate", target=3).words(name) == "Ada nominates Dov"


def test_json_round_trip_and_malformed_json():
    t = Talk(2, "accuse", target=4, at_move=17)
    assert talk_from_json(t.to_json(), BR, 5) == t
    with pytest.raises(TalkError, match="must be an object"):
        talk_from_json(["accuse", 4], BR, 5)
    with pytest.raises(TalkError, match="unknown kind"):
        talk_from_json({"seat": 0, "kind": ["accuse"], "target": 1}, BR, 5)
