"""The OpenAPI document types ``POST /games/{game_id}/commands`` per ruleset: a union
discriminated by ``type`` of every command with its arguments, generated from the domain's
command tables (issue 21 item 2); a GCG deck list documents its ``monster_deck``."""

from __future__ import annotations

import re

from api.app import create_app
from domain.rulesets import command_arguments, list_rulesets


def test_every_ruleset_documents_each_command_with_its_arguments() -> None:
    spec = create_app().openapi()
    schemas = spec["components"]["schemas"]
    body = spec["paths"]["/games/{game_id}/commands"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    refs = {r["$ref"].rsplit("/", 1)[1] for r in body["anyOf"]}
    # the built-in rulesets (a test may have registered a fake engine, which has no command tables)
    built_in = [info["ruleset"] for info in list_rulesets() if command_arguments(info["ruleset"])]
    assert sorted(built_in) == ["FoW-5.01", "FoW-5.5", "GCG-1.00", "LL-2.04"]
    for ruleset in built_in:
        prefix = "Command" + re.sub(r"[^A-Za-z0-9]", "", ruleset)
        assert prefix in refs
        union = schemas[prefix]
        assert union["discriminator"]["propertyName"] == "type"
        mapping = union["discriminator"]["mapping"]
        tables = command_arguments(ruleset)
        assert sorted(mapping) == sorted(tables)
        for name, table in tables.items():
            model = schemas[mapping[name].rsplit("/", 1)[1]]
            assert model["properties"]["type"]["const"] == name
            args = schemas[model["properties"]["args"]["$ref"].rsplit("/", 1)[1]]
            assert sorted(args.get("properties", {})) == sorted(table), (ruleset, name)
            assert args["additionalProperties"] is False


def test_gcg_monster_deck_is_in_the_deck_list() -> None:
    schemas = create_app().openapi()["components"]["schemas"]
    assert "monster_deck" in schemas["DeckList"]["properties"]
