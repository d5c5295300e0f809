"""``parlour serve``: the app in a browser tab, through textual-serve, offline and guarded (token, Origin, a cap)."""
