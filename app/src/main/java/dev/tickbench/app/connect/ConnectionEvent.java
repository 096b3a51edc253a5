package dev.tickbench.app.connect;

import java.util.Locale;

/** What happens to a connection, told from its thread; each says in words what the window's status line shows. */
public sealed interface ConnectionEvent {
    /** The words the status line shows for it (a Failed one's are an error, shown to the user). */
    String said();

    record Connected(String detail) implements ConnectionEvent {
        @Override
        public String said() {
            return "Connected: " + detail;
        }
    }

    record Dropped(String reason) implements ConnectionEvent {
        @Override
        public String said() {
            return "Link dropped: " + reason;
        }
    }

    record Reconnecting(int attempt, long delayMs) implements ConnectionEvent {
        @Override
        public String said() {
            return String.format(Locale.ROOT, "Reconnecting (attempt %d, in %.1f s)…", attempt, delayMs / 1000.0);
        }
    }

    record Failed(String message) implements ConnectionEvent {
        @Override
        public String said() {
            return message;
        }
    }
}
