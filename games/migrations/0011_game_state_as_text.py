"""A game's snapshot as JSON text, not jsonb (games.fields.JSONTextField): PostgreSQL no longer
parses it at every move's write and prints it at every read. Changing the column's type resets
its storage to the type's default, so the snapshot is kept in its row again (storage MAIN, as
0008 set it), after the change either way. SQLite keeps JSON as text already."""

from django.db import migrations

import games.fields


def _stored_inline(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
    schema_editor.execute(f'ALTER TABLE {table} ALTER COLUMN "state" SET STORAGE MAIN')


class Migration(migrations.Migration):
    dependencies = [("games", "0010_game_version_first_edition")]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, _stored_inline, elidable=False),
        migrations.AlterField(
            model_name="game",
            name="state",
            field=games.fields.JSONTextField(blank=True, null=True),
        ),
        migrations.RunPython(_stored_inline, migrations.RunPython.noop, elidable=False),
    ]
