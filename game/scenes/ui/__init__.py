"""Widgets, tooltips and text layout for menus and the table."""
