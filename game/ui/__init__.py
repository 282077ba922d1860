"""The pygame hot-seat window: layout, drawing and input. Nothing outside this package imports pygame."""
