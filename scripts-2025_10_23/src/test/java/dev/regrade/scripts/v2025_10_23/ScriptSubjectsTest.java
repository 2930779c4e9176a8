package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regrade.api.Input;
import dev.regrade.api.Result;
import dev.regrade.api.Subjects;
import dev.regrade.api.Variant;
import dev.regrade.pycompat.PyException;
import dev.regrade.rubric.EvaluationContext;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.ScriptSubject;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The module's eleven scripts as Subjects, found through its META-INF/services file. */
class ScriptSubjectsTest {
    private static final Subjects HERE = Subjects.load(ScriptSubjectsTest.class.getClassLoader());

    @Test
    void theElevenScriptsAreRegisteredEachHoldingItsOwnScript() {
        List<ScriptSubject> subjects = HERE.all(ScriptSubject.class);
        assertEquals(List.of("active_stock", "baltimore_marc_station", "best_selling_foundations", "county_AQI",
                "drone_delivery", "gas_stations", "ikea_shopping_list", "ingredient_safety", "paper_collaboration",
                "popular_ai_books", "rl_course_book"), subjects.stream().map(ScriptSubject::name).toList());
        assertSame(GasStations.SCRIPT, HERE.get("gas_stations") instanceof ScriptSubject s ? s.script() : null);
        for (ScriptSubject s : subjects) {
            assertEquals(s.script().declaration().variants(), s.variants(), s.name());
        }
    }

    /** Run through the contract and directly on the same input: the same summary, the same crash, or the same error. */
    @TestFactory
    Stream<DynamicTest> aRunThroughTheContractIsTheScriptsOwnRun() {
        return HERE.all(ScriptSubject.class).stream().flatMap(s -> s.variants().stream().map(v ->
                DynamicTest.dynamicTest(s.name() + " " + v, () -> {
                    RubricScript script = s.script();
                    Evaluator direct = new Evaluator(context());
                    String crash = null;
                    Error unconfigured = null;
                    try {
                        script.evaluate(direct, v.name());
                    } catch (PyException e) {
                        crash = e.getMessage();
                    } catch (EvaluationContext.PortNotConfigured e) {
                        unconfigured = e; // gas_stations asks for the maps tool, which this context lacks
                    }
                    Input in = Input.of(v).withResource(new Evaluator(context()));
                    if (unconfigured != null) {
                        assertEquals(unconfigured.getMessage(), assertThrows(EvaluationContext.PortNotConfigured.class,
                                () -> s.run(in)).getMessage());
                        return;
                    }
                    Result r = s.run(in);
                    if (crash == null) {
                        assertEquals(Result.Status.SUCCESSFUL, r.status());
                        assertEquals(ResultJson.summary(direct), r.document());
                    } else {
                        assertEquals(Result.Status.FAILED, r.status());
                        assertEquals(crash, r.failure().orElseThrow());
                    }
                })));
    }

    /** The scripted context of the golden tests with every extraction failing and every claim accepted. */
    private static EvaluationContext context() {
        return GoldenReplay.scriptedContext(GoldenReplay.SCRIPTED_ANSWER, GoldenReplay.MAPPER.createObjectNode(),
                r -> true, GoldenReplay.DEFAULT_EVAL_DATE, 0L, new ArrayList<>(), new ArrayList<>());
    }

    @Test
    void aRunNeedsAnEvaluatorAndAVariantTheScriptHas() {
        ScriptSubject s = (ScriptSubject) HERE.get("gas_stations");
        assertEquals("gas_stations: the input needs an Evaluator resource",
                assertThrows(IllegalArgumentException.class, () -> s.run(Input.of(Variant.FIXED))).getMessage());
        assertEquals("script gas_stations has no variant 'instructors-last' (variants: released, fixed)",
                assertThrows(IllegalArgumentException.class, () -> s.run(Input.of(new Variant("instructors-last"))
                        .withResource(new Evaluator(EvaluationContext.of(""))))).getMessage());
    }
}
