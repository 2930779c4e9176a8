package dev.regrade.wearable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regrade.api.Input;
import dev.regrade.api.Result;
import dev.regrade.api.Subject;
import dev.regrade.api.Subjects;
import dev.regrade.api.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three scorers through the Subject contract: the same files and summary as the scorers called directly. */
class WearableSubjectTest {
    @TempDir
    Path tmp;

    @Test
    void thisModuleRegistersTheThreeScorers() {
        Subjects here = Subjects.load(WearableSubjectTest.class.getClassLoader());
        assertEquals(List.of("convqa", "longqa", "proactive"), here.names(WearableSubject.class));
        here.all(WearableSubject.class).forEach(s -> assertEquals(Variant.RELEASED_AND_FIXED, s.variants()));
    }

    @Test
    void aRunThroughTheContractWritesWhatTheScorerWrites() throws IOException {
        WearableGenerator.Files3 f = WearableGenerator.generate(tmp.resolve("data"), 7);
        for (Variant v : Variant.RELEASED_AND_FIXED) {
            Path direct = tmp.resolve("direct-" + v).resolve("results.json");
            ScoreRun expected = new LongQaScorer(v, w -> { }).run(f.longqaGolden(), f.longqaPreds(), direct);
            Path viaApi = tmp.resolve("api-" + v).resolve("results.json");
            List<String> warnings = new ArrayList<>();
            Result r = new WearableSubject.LongQa().run(Input.of(v).withParameter("golden", f.longqaGolden().toString())
                    .withParameter("predictions", f.longqaPreds().toString()).withParameter("output", viaApi.toString())
                    .withWarnings(warnings::add));
            assertEquals(Result.Status.SUCCESSFUL, r.status());
            JsonNode doc = r.document();
            assertEquals(expected.summary(), doc.get("summary"), v.name());
            assertEquals(viaApi.toString(), doc.get("results").textValue());
            assertEquals(expected.judgeUnscored(), doc.get("judge_unscored").intValue());
            assertEquals(Files.readString(direct), Files.readString(viaApi), v.name());
            assertEquals(Files.readString(expected.summaryPath()),
                    Files.readString(Path.of(doc.get("summary_file").textValue())), v.name());
        }
    }

    @Test
    void theOriginalsErrorIsAFailedResultAndNoFile() throws IOException {
        Path golden = Files.writeString(tmp.resolve("g.jsonl"), "[1, 2]\n");
        Path preds = Files.writeString(tmp.resolve("p.jsonl"), "[1, 2]\n");
        Path out = tmp.resolve("out/results.json");
        Subject s = new WearableSubject.Proactive();
        Result r = s.run(Input.of(Variant.FIXED).withParameter("golden", golden.toString())
                .withParameter("predictions", preds.toString()).withParameter("output", out.toString()));
        assertEquals(Result.Status.FAILED, r.status());
        assertFalse(r.failure().orElseThrow().isBlank());
        assertFalse(Files.exists(out));
    }

    @Test
    void missingParametersAndOtherVariantsAreRefused() {
        Subject s = new WearableSubject.ConvQa();
        assertEquals("missing parameter 'golden'", assertThrows(IllegalArgumentException.class,
                () -> s.run(Input.of(Variant.FIXED))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> s.run(Input.of(new Variant("instructors-last")).withParameter("golden", "g")
                        .withParameter("predictions", "p"))).getMessage().contains("released|fixed"));
    }
}
