"""The Discord front end: the ``/golf`` slash commands and persistent board buttons over the core.

discord.py 2.x used the way its own examples do: an ``app_commands`` group, and ``DynamicItem`` buttons whose
state lives in their custom id (``bot.actions``), registered in ``setup_hook`` so that old boards keep working
after a restart. Modules: ``identity`` (who and where), ``render`` (Screen -> message text), ``drawing``
(Screen -> what a message is given in its reader's look: a picture board in Components V2, or text),
``buttons`` (Screen -> buttons, and the button that comes back), ``replies`` (answering in time,
refusals), ``commands`` (the ``/golf`` group), ``client`` (the discord.Client), ``runner`` (``golfbot
discord``).
"""
