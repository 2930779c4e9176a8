package dev.regrade.scripts.v2025_10_23;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.rubric.json.ResultJson;
import dev.regrade.api.Variant;
import dev.regrade.rubric.template.PyValidationError;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The targeted inputs of the popular_ai_books fix (FIXES.md §A). Released de-duplicates the titles
 * with {@code list(set(titles))}, so which five of more than five titles are evaluated, and in
 * which slot, follows PYTHONHASHSEED; fixed removes duplicates in order of first appearance and
 * evaluates the first five titles in every run.
 */
class PopularAiBooksFixTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final long[] SEEDS = {0, 1, 2, 3, 42};
    private static final String ACM = "https://amturing.acm.org/byyear.cfm";

    private static final String[][] BOOKS = {
        // title, author, laureate year
        {"The Book of Why", "Judea Pearl", "2011"},
        {"The Society of Mind", "Marvin Minsky", "1969"},
        {"The Emotion Machine", "Marvin Minsky", "1969"},
        {"The Sciences of the Artificial", "Herbert A. Simon", "1975"},
        {"The Fifth Generation", "Edward A. Feigenbaum", "1994"},
        {"Human Compatible", "Stuart Russell", "2021"}, // not a laureate: the judge rejects this award claim
    };
    private static final String REJECTED = "Stuart Russell received the Turing Award in 2021.";

    /** A golden-shaped input: the answer lists {@code titles}; every known book has complete details. */
    private static ObjectNode input(String variant, long seed, List<String> titles) {
        ObjectNode g = F.objectNode();
        g.put("variant", variant);
        g.put("hash_seed", seed);
        g.put("answer", "Books: " + String.join("; ", titles));
        ObjectNode ex = g.putObject("extractions");
        ArrayNode t = ex.putObject("book_titles").putArray("titles");
        titles.forEach(t::add);
        for (String[] b : BOOKS) {
            ObjectNode d = ex.putObject("book_detail_" + b[0]);
            d.put("title", b[0]);
            d.putArray("authors").add(b[1]);
            d.putArray("turing_authors").addObject().put("author_name", b[1]).put("award_year", b[2]);
            d.put("goodreads_url", "https://www.goodreads.com/book/show/" + b[0].replace(' ', '_'));
        }
        for (int i = 0; i < 5; i++) {
            ex.putObject("turing_urls_book_" + i + "_author_0").putArray("turing_award_urls").add(ACM);
        }
        g.putObject("judge").put("default", true).putObject("table").put(REJECTED, false);
        return g;
    }

    private static PopularAiBooksGoldenTest.Run run(String variant, long seed, List<String> titles) {
        return PopularAiBooksGoldenTest.replay(input(variant, seed, titles));
    }

    private static List<String> titles(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(BOOKS[i][0]);
        }
        return out;
    }

    private static List<String> detailNames(List<String> titles) {
        return titles.stream().map(t -> "book_detail_" + t).toList();
    }

    private static JsonNode tree(PopularAiBooksGoldenTest.Run r) {
        return ResultJson.summary(r.evaluator()).get("eval_breakdown").get(0).get("verification_tree");
    }

    @Test
    void sixDistinctTitles_released_picksAHashDependentFive() {
        Set<List<String>> orders = new LinkedHashSet<>();
        Set<JsonNode> trees = new LinkedHashSet<>();
        for (long seed : SEEDS) {
            PopularAiBooksGoldenTest.Run r = run(Variant.RELEASED.name(), seed, titles(6));
            orders.add(r.bookDetailNames());
            trees.add(tree(r));
            boolean russellEvaluated = r.bookDetailNames().contains("book_detail_Human Compatible");
            assertEquals(russellEvaluated ? 0.8 : 1.0, r.finalScore(), "seed " + seed);
        }
        assertEquals(SEEDS.length, orders.size(), "each seed evaluates the titles in another order");
        assertEquals(SEEDS.length, trees.size(), "each seed gives another tree");
        // the two outcomes both occur within these seeds (as in the Python original's golden runs)
        assertEquals(List.of("book_detail_The Society of Mind", "book_detail_The Book of Why",
                        "book_detail_The Sciences of the Artificial", "book_detail_The Emotion Machine",
                        "book_detail_The Fifth Generation"),
                run(Variant.RELEASED.name(), 3, titles(6)).bookDetailNames(), "seed 3 leaves out Human Compatible");
        assertTrue(run(Variant.RELEASED.name(), 0, titles(6)).bookDetailNames().contains("book_detail_Human Compatible"));
    }

    @Test
    void sixDistinctTitles_fixed_evaluatesTheFirstFiveInEveryRun() {
        JsonNode first = null;
        for (long seed : SEEDS) {
            PopularAiBooksGoldenTest.Run r = run(Variant.FIXED.name(), seed, titles(6));
            assertEquals(detailNames(titles(5)), r.bookDetailNames(), "seed " + seed);
            assertEquals(1.0, r.finalScore(), "seed " + seed);
            assertFalse(r.claims().contains(REJECTED), "the sixth book is never judged");
            if (first == null) {
                first = ResultJson.summary(r.evaluator());
            } else {
                assertEquals(first, ResultJson.summary(r.evaluator()), "same summary under seed " + seed);
            }
        }
    }

    @Test
    void fiveTitles_noTruncation_fixChangesNoVerdictOnlyTheSlotOrder() {
        for (long seed : SEEDS) {
            PopularAiBooksGoldenTest.Run released = run(Variant.RELEASED.name(), seed, titles(5));
            PopularAiBooksGoldenTest.Run fixed = run(Variant.FIXED.name(), seed, titles(5));
            assertEquals(new LinkedHashSet<>(released.bookDetailNames()).size(), 5);
            assertEquals(Set.copyOf(detailNames(titles(5))), Set.copyOf(released.bookDetailNames()),
                    "released evaluates the same five books");
            assertEquals(detailNames(titles(5)), fixed.bookDetailNames(), "fixed keeps the answer's order");
            assertEquals(1.0, released.finalScore());
            assertEquals(1.0, fixed.finalScore());
            assertEquals(Set.copyOf(released.claims()), Set.copyOf(fixed.claims()), "same judge claims");
        }
        // with hash seed 0 the released slot order is a permutation of the answer's order
        assertNotEquals(detailNames(titles(5)), run(Variant.RELEASED.name(), 0, titles(5)).bookDetailNames());
    }

    @Test
    void duplicatesAmongSevenTitles_fixedDedupsInOrderOfFirstAppearance() {
        List<String> seven = List.of("The Book of Why", "The Society of Mind", "The Book of Why", "The Emotion Machine",
                "The Sciences of the Artificial", "The Fifth Generation", "Human Compatible");
        for (long seed : SEEDS) {
            PopularAiBooksGoldenTest.Run fixed = run(Variant.FIXED.name(), seed, seven);
            assertEquals(detailNames(titles(5)), fixed.bookDetailNames(), "seed " + seed);
            assertEquals(1.0, fixed.finalScore());
            PopularAiBooksGoldenTest.Run released = run(Variant.RELEASED.name(), seed, seven);
            assertEquals(5, new LinkedHashSet<>(released.bookDetailNames()).size(), "released also de-duplicates");
        }
    }

    @Test
    void blankTitleAmongTheFirstFive_fixedSkipsItAndDoesNotReachForTheSixth() {
        List<String> titles = List.of("The Book of Why", "   ", "The Society of Mind", "The Emotion Machine",
                "The Sciences of the Artificial", "The Fifth Generation");
        PopularAiBooksGoldenTest.Run fixed = run(Variant.FIXED.name(), 0, titles);
        assertEquals(detailNames(List.of("The Book of Why", "The Society of Mind", "The Emotion Machine",
                "The Sciences of the Artificial")), fixed.bookDetailNames());
        assertEquals(0.8, fixed.finalScore(), "four books pass, the fifth slot is padding");
    }

    @Test
    void failedBookDetailExtraction_crashesInBothVariants_withPydanticsMessage() {
        String message = "2 validation errors for BookRecommendation\n"
                + "title\n"
                + "  Field required [type=missing, input_value={}, input_type=dict]\n"
                + "    For further information visit https://errors.pydantic.dev/2.13/v/missing\n"
                + "goodreads_url\n"
                + "  Field required [type=missing, input_value={}, input_type=dict]\n"
                + "    For further information visit https://errors.pydantic.dev/2.13/v/missing";
        for (String variant : PopularAiBooks.SCRIPT.variantNames()) {
            ObjectNode g = input(variant, 0, titles(2));
            ((ObjectNode) g.get("extractions")).remove("book_detail_The Society of Mind");
            assertEquals("ValidationError: " + message, PopularAiBooksGoldenTest.replay(g).crash(), variant);
        }
        PyValidationError e = assertThrows(PyValidationError.class,
                () -> Template.of(PopularAiBooks.BookRecommendation.class).empty());
        assertEquals(message, e.pythonMessage());
    }

    @Test
    void extractionNamesTruncateTitlesByCodePoint() {
        assertEquals("🤖 Machines of Loving Grace and", PopularAiBooks.head("🤖 Machines of Loving Grace and the Future", 30));
        assertEquals("Short", PopularAiBooks.head("Short", 30));
    }

    @Test
    void unknownVariantIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> run("instructors-last", 0, titles(1)));
    }
}
