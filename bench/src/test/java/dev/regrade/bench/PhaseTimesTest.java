package dev.regrade.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PhaseTimes}: which phases are kept and in what order (never how long they took). */
class PhaseTimesTest {
    @Test
    void phasesAreKeptInTheOrderFirstMarkedAndARepeatedPhaseIsOneEntry() {
        PhaseTimes t = PhaseTimes.fromNow();
        t.mark("inputs");
        t.mark("runs, first seed");
        t.mark("inputs");
        t.mark("diffs and report");
        assertEquals(List.of("inputs", "runs, first seed", "diffs and report"), new ArrayList<>(t.phases().keySet()));
    }

    @Test
    void fromNowHasNoJvmStartAndFromJvmStartBeginsWithIt() {
        assertFalse(PhaseTimes.fromNow().phases().containsKey(PhaseTimes.JVM_START));
        PhaseTimes jvm = PhaseTimes.fromJvmStart();
        jvm.mark("inputs");
        assertEquals(List.of(PhaseTimes.JVM_START, "inputs"), new ArrayList<>(jvm.phases().keySet()));
    }

    @Test
    void theTimingsDocumentHasThePhasesTheTotalAndTheJudgeRequests() {
        PhaseTimes t = PhaseTimes.fromNow();
        t.mark("inputs");
        ObjectNode doc = t.json();
        assertEquals(List.of("phases_ms", "total_ms", "judge_requests"), fieldNames(doc));
        assertEquals(List.of("inputs"), fieldNames((ObjectNode) doc.get("phases_ms")));
        assertEquals(-1, doc.get("judge_requests").asLong(), "not recorded: -1, never a silent 0");
        t.judgeRequests(1391);
        assertEquals(1391, t.json().get("judge_requests").asLong());
        assertTrue(doc.get("total_ms").isNumber());
    }

    @Test
    void phasesReturnsACopy() {
        PhaseTimes t = PhaseTimes.fromNow();
        t.phases().put("injected", 1.0);
        assertTrue(t.phases().isEmpty());
    }

    private static List<String> fieldNames(ObjectNode o) {
        List<String> names = new ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
