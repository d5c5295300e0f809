"""Home's "Join a table": paste a ``parlour join`` link, and sit at that seat of a hosted table."""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ai.net.client import JoinError, Link, parse_link
from ai.net.joined import join_table
from tui.widgets.keys_footer import KeysFooter


class JoinLinkScreen(ModalScreen[None]):
    """Asks for a join link; a good one opens the table screen of its seat, a bad one says why in one line."""

    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def compose(self) -> ComposeResult:
        """The question, the link's input, and the line that says what went wrong."""
        with Vertical(id="message-box"):
            yield Static(Text("Join a table", style="bold"))
            yield Static(Text("Paste the `parlour join` line (or its ws:// link) the host gave you, then Enter."))
            yield Input(placeholder="ws://HOST:PORT/t/TABLE#TOKEN", id="join-link")
            yield Static(id="join-problem")
        yield KeysFooter()

    def on_mount(self) -> None:
        """The input has the keys."""
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Check the link, then connect."""
        # The whole line the host printed works too: its link is the word that starts with ws:// or wss://.
        text = next((word for word in event.value.split() if word.startswith(("ws://", "wss://"))), event.value)
        try:
            link = parse_link(text)
        except JoinError as exc:
            self.say(str(exc))
            return
        self.say("Joining…", style="italic")
        self._join(link)

    @work(exclusive=True, group="join-link", exit_on_error=False)
    async def _join(self, link: Link) -> None:
        from tui.screens.game import GameScreen
        from tui.screens.remote_link import RemoteLink

        try:
            joined = await join_table(link)
        except JoinError as exc:
            self.say(str(exc))
            return
        if not self.is_attached:  # left while connecting
            joined.close()
            return
        self.dismiss(None)
        self.app.push_screen(GameScreen(RemoteLink(joined)))

    def say(self, text: str, style: str = "bold red") -> None:
        """One line under the input: what is wrong with the link, or what is happening."""
        self.query_one("#join-problem", Static).update(Text(text, style=style))
