"""What the host allows one connection: message size, rate, keepalive and handshake times, and a connection cap."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """The host's limits; tests shrink the times."""

    max_message: int = 16 * 1024
    """Bytes in one message from a client; a longer one closes the connection (1009)."""
    rate_messages: int = 50
    rate_window: float = 10.0
    """At most ``rate_messages`` messages in any ``rate_window`` seconds from one connection."""
    ping_interval: float = 10.0
    ping_timeout: float = 20.0
    """A connection that leaves a ping unanswered this long is dropped: about 30 s after it last answered."""
    close_timeout: float = 2.0
    """Seconds a closing connection is given to answer the close before it is cut."""
    open_timeout: float = 10.0
    """Seconds for the WebSocket handshake."""
    hello_timeout: float = 10.0
    """Seconds after the handshake for the client's hello with its token."""
    max_connections: int = 1000
    """Connections the host holds at once; more are refused."""
    outbox: int = 1000
    """Messages waiting to be sent to one client before it counts as stalled and is dropped."""


@dataclass
class RateLimit:
    """A sliding window over the times of a connection's last messages."""

    limit: int
    window: float
    times: deque[float] = field(default_factory=deque)

    def allow(self, now: float) -> bool:
        """Whether a message arriving at ``now`` is within the limit (it is counted either way)."""
        times = self.times
        while times and now - times[0] > self.window:
            times.popleft()
        times.append(now)
        return len(times) <= self.limit
