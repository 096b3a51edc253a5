package dev.tickbench.app.connect;

import java.util.Optional;
import javafx.stage.Window;

/**
 * The SSH entry of one window's Connect menu: one form for the window's life, so a failed attempt
 * reopens with what was typed and why it failed; Recent gets an entry only once it connected.
 */
public final class ConnectFlow {
    private final ConnectViewModel form;

    public ConnectFlow(ConnectViewModel form) {
        this.form = form;
    }

    /** The current user's recent list, ~/.ssh and the bundled probe. */
    public static ConnectFlow forUser() {
        return new ConnectFlow(ConnectDialog.newViewModel());
    }

    public ConnectViewModel form() {
        return form;
    }

    /** Shows the dialog; {@code header} says why it came up (null: the usual), {@code failure} why the last try failed. */
    public Optional<Connection> ask(Window owner, String header, String failure) {
        return ConnectDialog.show(owner, header, form, failure);
    }

    /** The form as it stands, connected without asking (the command line's {@code user@host:port}). */
    public Connection connectNow(Window owner) throws java.io.IOException {
        return form.connect(new FxConnectPrompts(owner, form.form().host()));
    }

    public void connected(Connection c) {
        form.connected(c);
    }

    public void failed(Connection c) {
        form.failed(c);
    }
}
