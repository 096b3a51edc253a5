package dev.tickbench.app.connect;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The prompts of a connection shown as JavaFX dialogs. The connection calls them on its own thread;
 * each call hops to the FX thread and waits for the answer there.
 */
public final class FxConnectPrompts implements ConnectPrompts {
    private final Window owner;
    private final UploadProgressWindow upload;

    public FxConnectPrompts(Window owner, String title) {
        this.owner = owner;
        this.upload = new UploadProgressWindow(owner, title);
    }

    /**
     * Shows the question without waiting ({@code show}, not {@code showAndWait}: no nested event loop
     * to unwind), owned by the window so it stays over it. Taken away, it closes; a question taken
     * away before the FX thread got to it is never shown.
     */
    @Override
    public HostKeyPrompt askHostKey(HostKeyQuestion question) {
        AtomicReference<Alert> shown = new AtomicReference<>();
        HostKeyPrompt prompt = new HostKeyPrompt(() -> Platform.runLater(() -> {
            Alert a = shown.getAndSet(null);
            if (a != null) {
                a.close(); // Reject is the cancel button, so close() is allowed; the prompt ignores that answer
            }
        }));
        Platform.runLater(() -> {
            if (!prompt.open()) {
                return;
            }
            Alert a = HostKeyDialog.create(owner, question);
            a.setOnHidden(e -> {
                shown.set(null);
                prompt.answer(a.getResult() == HostKeyDialog.ACCEPT ? HostKeyDecision.ACCEPT : HostKeyDecision.REJECT);
            });
            shown.set(a);
            a.show();
        });
        return prompt;
    }

    @Override
    public Optional<char[]> askPassphrase(Path keyFile, int attempt) {
        return onFx(
                () -> {
                    PasswordField field = new PasswordField();
                    field.setId("passphrase");
                    Alert a = new Alert(Alert.AlertType.NONE, null, ButtonType.OK, ButtonType.CANCEL);
                    a.initOwner(owner);
                    a.setTitle("Key passphrase");
                    a.setHeaderText((attempt > 1 ? "Wrong passphrase. " : "") + "Passphrase for " + keyFile);
                    a.getDialogPane().setContent(new VBox(8, new Label("Not stored anywhere."), field));
                    Platform.runLater(field::requestFocus);
                    Optional<char[]> answer = a.showAndWait()
                            .filter(ButtonType.OK::equals)
                            .map(b -> field.getText().toCharArray());
                    field.clear();
                    return answer;
                },
                Optional.empty());
    }

    /**
     * The host's questions in one dialog over the window: a password field for each secret, a text
     * field for the others; the answers are taken out of the fields and the fields cleared when it
     * closes. Shown without a nested event loop, like the host-key question: when the login is given
     * up meanwhile (the waiting thread interrupted: the connection was closed), the dialog is taken
     * away, not left to be answered for nothing.
     */
    @Override
    public Optional<List<char[]>> askLogin(LoginQuestion question) {
        CompletableFuture<Optional<List<char[]>>> answer = new CompletableFuture<>();
        AtomicReference<Alert> shown = new AtomicReference<>();
        Platform.runLater(() -> {
            if (answer.isDone()) {
                return; // given up before it was shown
            }
            List<TextField> fields = new ArrayList<>();
            Alert a = loginDialog(question, fields);
            a.setOnHidden(e -> {
                shown.set(null);
                answer.complete(
                        a.getResult() == ButtonType.OK
                                ? Optional.of(fields.stream()
                                        .map(f -> f.getText().toCharArray())
                                        .toList())
                                : Optional.empty());
                fields.forEach(TextField::clear);
            });
            shown.set(a);
            a.show();
            fields.get(0).requestFocus();
        });
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer.complete(Optional.empty());
            Platform.runLater(() -> {
                Alert a = shown.getAndSet(null);
                if (a != null) {
                    a.close();
                }
            });
            return Optional.empty();
        } catch (ExecutionException e) {
            throw new IllegalStateException("dialog failed", e.getCause());
        }
    }

    private Alert loginDialog(LoginQuestion question, List<TextField> fields) {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        int row = 0;
        if (!question.instruction().isBlank()) {
            Label instruction = new Label(question.instruction());
            instruction.setWrapText(true);
            grid.add(instruction, 0, row++, 2, 1);
        }
        for (LoginQuestion.Prompt p : question.prompts()) {
            TextField f = p.echo() ? new TextField() : new PasswordField();
            f.setId("login-answer-" + fields.size());
            f.setPrefColumnCount(24);
            fields.add(f);
            grid.addRow(row++, new Label(p.text()), f);
        }
        grid.add(new Label("Not stored anywhere."), 0, row, 2, 1);
        Alert a = new Alert(Alert.AlertType.NONE, null, ButtonType.OK, ButtonType.CANCEL);
        a.initOwner(owner);
        a.setTitle("Log in");
        a.setHeaderText((question.attempt() > 1 ? "Refused. " : "") + "Log in as " + question.host());
        a.getDialogPane().setContent(grid);
        a.getDialogPane().setId("login-dialog");
        return a;
    }

    @Override
    public void uploadProgress(long sent, long total) {
        Platform.runLater(() -> upload.update(sent, total));
    }

    private static <T> T onFx(Supplier<T> dialog, T onInterrupt) {
        if (Platform.isFxApplicationThread()) {
            return dialog.get();
        }
        CompletableFuture<T> answer = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                answer.complete(dialog.get());
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        try {
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the connection was closed while the dialog was open
            return onInterrupt;
        } catch (ExecutionException e) {
            throw new IllegalStateException("dialog failed", e.getCause());
        }
    }
}
