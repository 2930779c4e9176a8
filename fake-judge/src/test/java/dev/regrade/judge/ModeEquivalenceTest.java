package dev.regrade.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.judge.client.HttpJudgeClient;
import dev.regrade.judge.client.HttpJudgeConfig;
import dev.regrade.judge.server.FakeJudgeConfig;
import dev.regrade.judge.server.FakeJudgeServer;
import dev.regrade.judge.server.JournalEntry;
import dev.regrade.judge.server.RequestKind;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Sources;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.port.ExtractionRequest;
import dev.regrade.rubric.port.Extractor;
import dev.regrade.rubric.port.JudgeReply;
import dev.regrade.rubric.port.JudgeRequest;
import dev.regrade.rubric.port.Page;
import dev.regrade.rubric.port.VerdictRules;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP mode (client → fake judge) gives exactly what the in-process mode gives. */
class ModeEquivalenceTest {
    private static final List<ExtractionRequest> SEEN = new CopyOnWriteArrayList<>();
    /** A policy: answers from the extraction name, records what it was asked. */
    private static final Extractor POLICY = r -> {
        SEEN.add(r);
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("name", "Name for " + r.extractionName());
        o.put("year", r.extractionName().length() + 1900);
        o.putArray("tags").add(r.schemaName()).add(r.url() == null ? "answer" : r.url());
        return o;
    };

    private static FakeJudgeServer server;
    private static HttpJudgeClient client;

    @BeforeAll
    static void start() {
        server = FakeJudgeServer.start(FakeJudgeConfig.defaults().withExtractor(POLICY));
        client = new HttpJudgeClient(HttpJudgeConfig.of(server.baseUrl()));
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void reset() {
        server.useRules(VerdictRules.accept());
        server.clearJournal();
        SEEN.clear();
    }

    private static List<JudgeRequest> requests() {
        List<JudgeRequest> list = new ArrayList<>();
        String[] claims = {"The station is a Shell.", "The station is a Texaco.", "Price is $3.49 per gallon",
                "Open 24 hours", "Café Ünïcode ✓ — «quoted» \"fact\"", "Line one\nline two", "  ", "BP at exit 42",
                "Distance is 182 miles", "The book 'Deep Learning' was published in 2016."};
        int i = 0;
        for (String claim : claims) {
            i++;
            list.add(TestPrompts.simpleRequest("node_" + i, claim, 1 + i % 3));
            list.add(TestPrompts.pageRequest(i % 2 == 0 ? null : "page_" + i, claim, "https://example.test/p" + i,
                    "Page " + i + " text about " + claim, i % 3 == 0 ? List.of() : List.of("QUJD" + i), 1));
            list.add(TestPrompts.pageRequest("gone_" + i, claim, "https://example.test/gone" + i,
                    VerdictRules.UNLOADABLE_PAGE_TEXT, List.of("AAAA"), 2));
        }
        return list;
    }

    private static List<VerdictRules> ruleSets() {
        return List.of(
                VerdictRules.accept(),
                VerdictRules.accept().withReject(List.of("Texaco", "/\\$\\d+\\.\\d{2}/", "/^\\s*$/")),
                VerdictRules.hash(),
                VerdictRules.hash().withReject(List.of("/[Ss]hell/")),
                VerdictRules.hash().withTable(Map.of("Open 24 hours", true, "BP at exit 42", false)));
    }

    @Test
    void verdictsAndReasoningOverHttpEqualInProcessForEveryRuleSet() {
        int hashTrue = 0;
        int hashFalse = 0;
        for (VerdictRules rules : ruleSets()) {
            server.useRules(rules);
            InProcessJudge local = new InProcessJudge(rules);
            for (JudgeRequest r : requests()) {
                JudgeReply expected = local.judge(r);
                assertEquals(expected, client.judge(r), rules.describe() + " / " + r.claim());
                if (rules.base() == VerdictRules.Base.HASH && rules.reject().isEmpty() && rules.table().isEmpty()
                        && !r.prompt().contains(VerdictRules.UNLOADABLE_PAGE_TEXT)) {
                    hashTrue += expected.result() ? 1 : 0;
                    hashFalse += expected.result() ? 0 : 1;
                }
            }
        }
        assertTrue(hashTrue > 0 && hashFalse > 0, "the hash rule gave both verdicts: " + hashTrue + "/" + hashFalse);
        assertEquals(ruleSets().size() * requests().size(), server.journal().size());
    }

    @Test
    void theJournalRecordsWhatEachVerificationCarried() {
        List<JudgeRequest> requests = requests();
        requests.forEach(client::judge);
        List<JournalEntry> journal = server.journal();
        assertEquals(requests.size(), journal.size());
        for (int i = 0; i < requests.size(); i++) {
            JudgeRequest r = requests.get(i);
            JournalEntry e = journal.get(i);
            assertEquals(RequestKind.VERIFY, e.kind());
            assertEquals(r.nodeId(), e.nodeId());
            assertEquals(r.claim(), e.claim());
            assertEquals(r.url(), e.url());
            assertEquals(r.vote(), e.vote());
            assertEquals(Wire.sha256(r.prompt()), e.promptSha256());
            assertEquals(!r.prompt().contains(VerdictRules.UNLOADABLE_PAGE_TEXT), e.verdict());
            assertNull(e.fault());
            assertNull(e.extractionName());
        }
    }

    @Test
    void aClaimTooLongForAHeaderIsReadFromThePrompt() {
        server.useRules(VerdictRules.accept().withReject(List.of("/x{5000}/")));
        String claim = "x".repeat(5000);
        assertFalse(client.judge(TestPrompts.simpleRequest("long", claim, 1)).result());
        assertEquals(claim, server.journal().get(0).claim());
        server.useRules(VerdictRules.accept());
    }

    @Test
    void extractionAnswersComeFromThePluggedExtractorWithTheSchemaPassedThrough() {
        ObjectNode schema = (ObjectNode) Template.of(Person.class).jsonSchema();
        ExtractionRequest fromAnswer = new ExtractionRequest("person_of_interest", "Person", schema,
                "Extract the person.\nTask: …", null, List.of(), false);
        ExtractionRequest fromPage = new ExtractionRequest("page_person", "Person", schema,
                "Extract from the page.", "https://example.test/ada", List.of("QUJD", "REVG"), true);
        for (ExtractionRequest r : List.of(fromAnswer, fromPage)) {
            SEEN.clear();
            JsonNode overHttp = client.extract(r);
            assertEquals(1, SEEN.size());
            assertEquals(r, SEEN.get(0), "the extractor sees the request the engine made");
            assertEquals(POLICY.extract(r), overHttp);
        }
        List<JournalEntry> j = server.journal();
        assertEquals(List.of("person_of_interest", "page_person"), j.stream().map(JournalEntry::extractionName).toList());
        assertEquals(RequestKind.EXTRACT, j.get(1).kind());
        assertEquals("https://example.test/ada", j.get(1).url());
        assertEquals("Name for page_person", j.get(1).extraction().path("name").asText());
        assertNull(j.get(1).verdict());
    }

    /** An extraction template for the end-to-end run. */
    record Person(String name, Integer year, List<String> tags) {
    }

    private static ObjectNode run(EvaluationContext base, List<Object> judgeCalls) {
        EvaluationContext ctx = base.withPages(url -> {
            if (url.contains("missing")) {
                return Optional.empty();
            }
            if (url.contains("gone")) {
                return Optional.of(new Page(VerdictRules.UNLOADABLE_PAGE_TEXT, List.of("AAAA")));
            }
            return Optional.of(new Page("Text of " + url + ": Ada Lovelace, 1843.", List.of("QUJD")));
        });
        Evaluator e = new Evaluator(ctx);
        e.initialize("equivalence", Strategy.PARALLEL, null);
        Person p = e.extract("Extract the person.", Person.class, "person");
        Person q = e.extract("Extract the person from the page.", Person.class, "page_person",
                "https://example.test/ada", null);
        Node seq = e.addSequential("checks", "checks", null, false);
        for (int i = 0; i < 6; i++) {
            Node leaf = e.addLeaf("claim_" + i, "claim " + i, seq, i % 2 == 0);
            e.verify("The person " + p.name() + " was active in " + (q.year() + i) + ".", leaf);
        }
        Node pages = e.addParallel("pages", "pages");
        String[][] sources = {{"https://example.test/a"}, {"https://example.test/gone"},
                {"https://example.test/missing"}, {"https://example.test/gone", "https://example.test/b"}};
        for (int i = 0; i < sources.length; i++) {
            Node leaf = e.addLeaf("page_" + i, "page " + i, pages, false);
            e.verify("Ada Lovelace wrote in 1843 (" + i + ").", leaf,
                    sources[i].length == 1 ? Sources.url(sources[i][0]) : Sources.urls(List.of(sources[i])));
        }
        e.score();
        judgeCalls.addAll(e.judgeRequests());
        return ResultJson.summary(e);
    }

    @Test
    void anEvaluatorRunGivesTheSameSummaryInBothModes() {
        for (VerdictRules rules : ruleSets()) {
            server.useRules(rules);
            server.clearJournal();
            EvaluationContext base = EvaluationContext.of("Ada Lovelace (1843), see https://example.test/ada");
            List<Object> localCalls = new ArrayList<>();
            List<Object> httpCalls = new ArrayList<>();
            ObjectNode local = run(base.withJudge(new InProcessJudge(rules)).withExtractor(POLICY), localCalls);
            ObjectNode http = run(base.withJudge(client).withExtractor(client), httpCalls);
            assertEquals(local.toPrettyString(), http.toPrettyString(), rules.describe());
            assertEquals(localCalls, httpCalls);
            long verifications = server.journal().stream().filter(x -> x.kind() == RequestKind.VERIFY).count();
            assertEquals(httpCalls.size(), verifications, "one HTTP request per vote");
            assertEquals(2, server.journal().stream().filter(x -> x.kind() == RequestKind.EXTRACT).count());
        }
    }
}
