"""Small widgets: each shows what the screen gives it and posts messages about what the person did."""
