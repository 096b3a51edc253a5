package dev.tickbench.app.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Replies paired with the requests they answer, in order, a refusal of a burst answering as many as it counts. */
class InFlightTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRefusalOfABurstAnswersAsManyRequestsAsItCountsAndTheNextReplyIsPairedWithTheNextRequest() throws Exception {
        InFlight f = new InFlight();
        for (int i = 1; i <= 70; i++) {
            f.add("arm kmsg ~ /r" + i + "/");
        }
        f.add("disarm hot");
        StringBuilder replies = new StringBuilder("[");
        for (int i = 1; i <= 64; i++) {
            replies.append("{\"ok\":true,\"trigger\":\"t").append(i).append("\"},");
        }
        replies.append(
                "{\"ok\":false,\"error\":\"6 request(s) refused unread: at most 64 are answered per tick; send them"
                        + " again\",\"requests\":6}]");
        assertEquals(
                "'arm kmsg ~ /r65/' and the 5 after it: 6 request(s) refused unread: at most 64 are answered per tick;"
                        + " send them again",
                f.answer(JSON.readTree(replies.toString())).refused());
        assertEquals(
                "'disarm hot': no trigger named 'hot' is armed",
                f.answer(JSON.readTree("[{\"ok\":false,\"error\":\"no trigger named 'hot' is armed\"}]"))
                        .refused(),
                "the next reply answers the request after the burst");
        assertEquals(List.of(), f.takeAll());
    }

    @Test
    void aRefusalIsEscapedAndARequestThatCouldNotBeWrittenIsTakenBack() throws Exception {
        InFlight f = new InFlight();
        f.add("arm a: kmsg ~ /x/");
        f.add("arm b: kmsg ~ /y/");
        assertEquals(true, f.withdraw("arm b: kmsg ~ /y/"));
        assertEquals(false, f.withdraw("arm b: kmsg ~ /y/"));
        assertEquals(
                "'arm a: kmsg ~ /x/': at column 1: \\x1b[31m",
                f.answer(JSON.readTree("[{\"ok\":false,\"error\":\"at column 1: \\u001b[31m\"}]"))
                        .refused());
    }

    @Test
    void aDisarmAnsweredDoneIsGoneUnlessALaterReplyInTheLineArmedItAgain() throws Exception {
        InFlight f = new InFlight();
        f.add("disarm busy");
        f.add("disarm hot");
        f.add("arm hot: kmsg ~ /x/");
        f.add("disarm cold");
        InFlight.Answers a = f.answer(
                JSON.readTree(
                        "[{\"ok\":true,\"trigger\":\"busy\"},{\"ok\":true,\"trigger\":\"hot\"},"
                                + "{\"ok\":true,\"trigger\":\"hot\"},{\"ok\":false,\"error\":\"no trigger named 'cold' is armed\"}]"));
        assertEquals(Set.of("busy"), a.disarmed(), "hot was armed again after its disarm; cold's disarm was refused");
        assertEquals("'disarm cold': no trigger named 'cold' is armed", a.refused());
    }
}
