package dev.tickbench.app.connect;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A host-key question on screen: the user's answer completes it; the connection that asked waits for
 * it with a limit and, when the limit passes or the connection is closed first, takes the question
 * away, so that no stale prompt is left behind to be answered (or to swallow keystrokes) later.
 */
public final class HostKeyPrompt {
    /** What came of a question. */
    enum Outcome {
        ACCEPTED,
        REJECTED,
        TIMED_OUT,
        ABANDONED
    }

    private final CompletableFuture<HostKeyDecision> answer = new CompletableFuture<>();
    private final Runnable takeAway;

    /** {@code takeAway} closes the question unanswered; it may be called from any thread, at most once. */
    public HostKeyPrompt(Runnable takeAway) {
        this.takeAway = takeAway;
    }

    /** The user's answer; ignored once the question was taken away or already answered. */
    public void answer(HostKeyDecision decision) {
        answer.complete(decision);
    }

    /** True until answered or taken away: what the view asks before it shows the question. */
    public boolean open() {
        return !answer.isDone();
    }

    /**
     * Waits for the answer up to {@code limit}; when it passes, or the waiting thread is interrupted
     * (the connection was closed), the question is taken away and the outcome says which.
     */
    Outcome await(Duration limit) {
        try {
            return answer.get(limit.toMillis(), TimeUnit.MILLISECONDS) == HostKeyDecision.ACCEPT
                    ? Outcome.ACCEPTED
                    : Outcome.REJECTED;
        } catch (TimeoutException e) {
            return closeUnanswered(Outcome.TIMED_OUT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return closeUnanswered(Outcome.ABANDONED);
        } catch (ExecutionException e) {
            return closeUnanswered(Outcome.ABANDONED); // never completed exceptionally; kept total
        }
    }

    private Outcome closeUnanswered(Outcome outcome) {
        // an answer that arrives while the limit passes wins: the user did answer
        if (answer.complete(null)) {
            takeAway.run();
            return outcome;
        }
        return answer.join() == HostKeyDecision.ACCEPT ? Outcome.ACCEPTED : Outcome.REJECTED;
    }
}
