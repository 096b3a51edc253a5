package dev.tickbench.app.connect;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** Prompts answered by the test, remembering what was asked. */
final class RecordingPrompts implements ConnectPrompts {
    final List<HostKeyQuestion> hostKeyQuestions = new CopyOnWriteArrayList<>();
    final List<Integer> passphraseAttempts = new CopyOnWriteArrayList<>();
    final List<long[]> progress = new CopyOnWriteArrayList<>();
    volatile HostKeyDecision decision = HostKeyDecision.ACCEPT;
    volatile String passphrase;
    final List<LoginQuestion> loginQuestions = new CopyOnWriteArrayList<>();
    /** The answer to every login question; null cancels. */
    volatile String password;

    @Override
    public HostKeyPrompt askHostKey(HostKeyQuestion question) {
        hostKeyQuestions.add(question);
        return Answered.hostKey(decision);
    }

    @Override
    public Optional<char[]> askPassphrase(Path keyFile, int attempt) {
        passphraseAttempts.add(attempt);
        return passphrase == null ? Optional.empty() : Optional.of(passphrase.toCharArray());
    }

    @Override
    public Optional<List<char[]>> askLogin(LoginQuestion question) {
        loginQuestions.add(question);
        String p = password;
        return p == null
                ? Optional.empty()
                : Optional.of(
                        question.prompts().stream().map(x -> p.toCharArray()).toList());
    }

    @Override
    public void uploadProgress(long sent, long total) {
        progress.add(new long[] {sent, total});
    }
}
