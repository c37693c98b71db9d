"""The OpenAPI types of commands: per ruleset, a discriminated union on ``type`` of one model
per command type, its ``args`` typed as the ruleset's command table declares them (``args=``
of each registration in the domain).  HTTP schemas only, generated from those tables: the
request is still validated as ``CommandRequest`` and the rules engine, the authority, refuses
an unknown or ill-typed argument naming it."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from domain.kernel import ArgTable
from domain.rulesets import command_arguments, list_rulesets


def _prefix(ruleset: str) -> str:
    return "Command" + re.sub(r"[^A-Za-z0-9]", "", ruleset)


def _command_model(ruleset: str, name: str, table: ArgTable) -> type[BaseModel]:
    prefix = _prefix(ruleset) + name
    arg_fields: dict[str, Any] = {
        key: (Any, Field(default=None, description=t.describe(), json_schema_extra=t.schema()))
        for key, t in table.items()
    }
    args_model = create_model(prefix + "Args", __config__=ConfigDict(extra="forbid"), **arg_fields)
    return create_model(
        prefix,
        __config__=ConfigDict(extra="forbid"),
        __doc__=f"{ruleset}: a {name} command.",
        command_id=(str, Field(min_length=1, max_length=128, description="Idempotency key: resending it is safe.")),
        expected_version=(int | None, Field(default=None, ge=0, description="The game version it is based on.")),
        type=(Literal[name], ...),  # type: ignore[arg-type]
        args=(args_model, Field(default_factory=args_model)),
    )


def command_union(ruleset: str) -> Any:
    """The commands of ``ruleset`` as an annotated union discriminated by ``type``."""
    models = [_command_model(ruleset, name, table) for name, table in command_arguments(ruleset).items()]
    if len(models) == 1:
        return models[0]
    return Annotated[Union[tuple(models)], Field(discriminator="type")]  # noqa: UP007 - built at runtime


def openapi_components() -> tuple[dict[str, Any], dict[str, Any]]:
    """The component schemas of every built-in ruleset's commands, and the request-body schema
    naming them (any ruleset's command: the game's ruleset decides which applies)."""
    components: dict[str, Any] = {}
    refs: list[dict[str, Any]] = []
    for info in list_rulesets():
        ruleset = str(info["ruleset"])
        if not command_arguments(ruleset):
            continue
        schema = TypeAdapter(command_union(ruleset)).json_schema(ref_template="#/components/schemas/{model}")
        components.update(schema.pop("$defs", {}))
        name = _prefix(ruleset)
        schema["title"] = name
        schema["description"] = f"A command in a {ruleset} game, by its type."
        components[name] = schema
        refs.append({"$ref": f"#/components/schemas/{name}"})
    return components, {"anyOf": refs, "description": "A command of the game's ruleset (see each ruleset's union)."}
