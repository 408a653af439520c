"""The widget boards of Race the Wind, one module each (see ``sailing_kit.race.board``)."""
