"""Animation: easing, paths, a timeline advanced by explicit dt, the event presenter and
the dice tray."""
