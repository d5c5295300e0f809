"""Drawing helpers the app's screens share."""
