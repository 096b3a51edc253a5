package dev.tickbench.app.connect;

/** Questions the tests' prompts answer at once, as a user who had the answer ready would. */
public final class Answered {
    private Answered() {}

    /** A host-key question already answered with {@code decision}. */
    public static HostKeyPrompt hostKey(HostKeyDecision decision) {
        HostKeyPrompt p = new HostKeyPrompt(() -> {});
        p.answer(decision);
        return p;
    }
}
