package dev.tickbench.app.connect;

import java.util.List;

/**
 * What a host asks while logging in by password or keyboard-interactive: its own words, shown as
 * they came (escaped: a host's text is never trusted to be printable).
 *
 * @param host        where, as the user knows it ({@code root@board-7:22})
 * @param instruction the host's instruction line, or empty
 * @param prompts     the questions, in order
 * @param attempt     1 for the first try, 2 after a refused answer…
 */
public record LoginQuestion(String host, String instruction, List<Prompt> prompts, int attempt) {
    /** One question; {@code echo} false for a secret (typed into a password field). */
    public record Prompt(String text, boolean echo) {}

    public LoginQuestion {
        prompts = List.copyOf(prompts);
    }
}
