"""The terminal front end: the same core and Screens, played with the keyboard."""
