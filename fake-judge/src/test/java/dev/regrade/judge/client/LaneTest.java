package dev.regrade.judge.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regrade.judge.TestPrompts;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeLane;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.FaultKind;
import dev.regrade.judge.server.FaultRule;
import dev.regrade.judge.server.Faults;
import dev.regrade.rubric.port.VerdictRules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Lanes: independent fake judges on one server, as an audit's workers use them. */
class LaneTest {
    @Test
    void lanesKeepTheirOwnRulesFaultsAndJournalsUnderConcurrentUse() throws Exception {
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            FakeJudgeLane yes = server.lane("yes");
            FakeJudgeLane no = server.lane("no");
            no.useRules(VerdictRules.accept().withReject(List.of("claim")));
            HttpJudgeClient yesClient = new HttpJudgeClient(HttpJudgeConfig.of(yes.baseUrl()));
            HttpJudgeClient noClient = new HttpJudgeClient(HttpJudgeConfig.of(no.baseUrl()));
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<Boolean>> answers = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    HttpJudgeClient c = i % 2 == 0 ? yesClient : noClient;
                    String claim = "claim " + i;
                    answers.add(pool.submit(() -> c.judge(TestPrompts.simpleRequest("node", claim, 1)).result()));
                }
                for (int i = 0; i < 40; i++) {
                    assertEquals(i % 2 == 0, answers.get(i).get(), "request " + i + " answered by its own lane");
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(20, yes.journal().size());
            assertEquals(20, no.journal().size());
            assertEquals(0, server.journal().size(), "the server's own judge saw nothing");

            yes.useFaults(Faults.none().withRule(FaultRule.onRequests(FaultKind.MISSING_RESULT, 1)));
            assertThrows(JudgeReplyException.class, () -> yesClient.judge(TestPrompts.simpleRequest("n", "c", 1)));
            assertEquals(false, noClient.judge(TestPrompts.simpleRequest("n", "claim", 1)).result(),
                    "a fault on one lane leaves the other alone");
            assertTrue(yes.baseUrl().endsWith("/lanes/yes/v1"), yes.baseUrl());
        }
    }

    @Test
    void anUnknownLaneIsA404AndBadNamesAreRefused() {
        try (FakeJudgeServer server = FakeJudgeServer.start(FakeJudgeConfig.defaults())) {
            String url = "http://127.0.0.1:" + server.port() + "/lanes/nobody/v1";
            HttpJudgeClient c = new HttpJudgeClient(HttpJudgeConfig.of(url).withMaxRetries(0));
            JudgeClientException e = assertThrows(JudgeClientException.class,
                    () -> c.judge(TestPrompts.simpleRequest("n", "c", 1)));
            assertTrue(e.getMessage().contains("404"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> server.lane("../x"));
            assertThrows(IllegalArgumentException.class, () -> server.lane(""));
        }
    }
}
