package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;
import static dev.regrade.api.Variant.RELEASED_AND_FIXED;

import dev.regrade.pycompat.PyRepr;
import dev.regrade.rubric.Evaluator;
import dev.regrade.rubric.Node;
import dev.regrade.rubric.Sources;
import dev.regrade.rubric.Strategy;
import dev.regrade.rubric.script.DeclaredExtraction;
import dev.regrade.rubric.script.RubricScript;
import dev.regrade.rubric.script.ScriptSubject;
import dev.regrade.rubric.script.ScriptDeclaration;
import dev.regrade.api.Variant;
import dev.regrade.rubric.template.Default;
import dev.regrade.rubric.template.NotNone;
import dev.regrade.rubric.template.Template;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code best_selling_foundations}: the top five best-selling foundations on Sephora US from
 * different brands, each with a link on its brand's official website, plus a concealer and a
 * highlighter from the same brand with official links. The ground truth is extracted from a
 * Sephora page (the URL the answer names, else the default best-seller listing).
 *
 * <p>Released: the concealer and highlighter claims quote the extracted product name without a
 * guard, so a product found with a URL but no name reaches the judge as {@code a concealer
 * product 'None'}. {@code fixed} (FIXES.md §A): when the name is missing (None or empty, as the
 * foundation claim's {@code or} fallback treats it) the quoted name is left out of the claim.
 */
public final class BestSellingFoundations {
    // ----------------------------------------------------------------------- task-specific constants
    static final String TASK_ID = "best_selling_foundations";

    /** The script's {@link dev.regrade.api.Subject} provider (registered in META-INF/services). */
    public static final class Provider extends ScriptSubject {
        public Provider() {
            super(TASK_ID);
        }

        @Override
        protected RubricScript load() {
            return SCRIPT;
        }
    }
    static final String TASK_DESCRIPTION = """

            Please show me the foundations on Sephora US, sorted by best-selling, and identify the top 5 best-selling foundations from different brands. For each foundation, provide a direct link to it on its official brand website, find a concealer and highlighter from the same brand, and provide direct links to those products on the official brand websites as well.
            """;

    static final String JUDGE_MODEL = "o4-mini";

    /** Ground truth URL for Sephora best-selling foundations. */
    static final String DEFAULT_SEPHORA_URL = "https://www.sephora.com/shop/foundation-makeup?sortBy=BEST_SELLING";

    // ----------------------------------------------------------------------- data models for extracted information

    /** The original's {@code SephoraUrl}. */
    public record SephoraUrl(String url) {
    }

    /** The original's {@code GroundTruthFoundation}. */
    public record GroundTruthFoundation(String name, String brand, Integer rank) {
    }

    /** The original's {@code GroundTruthFoundations}. */
    public record GroundTruthFoundations(@Default("[]") @NotNone List<GroundTruthFoundation> foundations) {
    }

    /** The original's {@code FoundationMention}. */
    public record FoundationMention(
            String name,
            String brand,
            String foundation_url,
            @Default("false") @NotNone Boolean mentioned) {
    }

    /** The original's {@code ComplementaryProduct}. */
    public record ComplementaryProduct(
            String name,
            String brand,
            String url,
            @Default("false") @NotNone Boolean found) {
    }

    /** The original's {@code ConcealerHighlighterPair} (built by the script, never extracted). */
    public record ConcealerHighlighterPair(ComplementaryProduct concealer, ComplementaryProduct highlighter) {
        /** {@code ConcealerHighlighterPair()}: both products at their defaults (default factories). */
        static ConcealerHighlighterPair empty() {
            Template<ComplementaryProduct> t = Template.of(ComplementaryProduct.class);
            return new ConcealerHighlighterPair(t.empty(), t.empty());
        }
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID, RELEASED_AND_FIXED,
            new DeclaredExtraction(SephoraUrl.class, "sephora_url"),
            new DeclaredExtraction(GroundTruthFoundations.class, "ground_truth_foundations"), // from the Sephora page
            new DeclaredExtraction(FoundationMention.class, "foundation_*_mention"), // * = the ground-truth rank
            new DeclaredExtraction(ComplementaryProduct.class, "concealer_*", "highlighter_*")), // * = the brand
            BestSellingFoundations::evaluateAnswer);

    private BestSellingFoundations() {
    }

    // ----------------------------------------------------------------------- extraction prompts

    static String promptExtractSephoraUrl() {
        return "\n"
                + "    Extract any Sephora URL mentioned in the answer text that appears to be related to best-selling "
                + "foundations.\n"
                + "    \n"
                + "    Look for URLs that:\n"
                + "    - Contain \"sephora.com\" in the domain\n"
                + "    - Are presented in the context of showing or listing best-selling foundations\n"
                + "    - Are explicitly mentioned as the source for the foundation rankings\n"
                + "    \n"
                + "    Only extract URLs that are explicitly written in the answer text.\n"
                + "    \n"
                + "    Return the URL if found, or null if no such URL is mentioned in the answer.\n"
                + "    ";
    }

    static String promptExtractGroundTruthFoundations() {
        return "\n"
                + "    Extract the top 5 best-selling foundations from this Sephora page, in order of their ranking.\n"
                + "    For each foundation, extract:\n"
                + "\n"
                + "    - name: the full product name\n"
                + "    - brand: the brand that makes the foundation\n"
                + "    - rank: the position in the best-selling list (1 for first, 2 for second, etc.)\n"
                + "\n"
                + "    Only extract the first 5 foundations from different brands. If multiple foundations from the "
                + "same brand appear, only take the highest-ranked one.\n"
                + "    ";
    }

    static String promptCheckFoundationMentioned(String foundationName, String brandName) {
        return "\n"
                + "    Extract information about a foundation by the brand '" + brandName + "' that is mentioned in "
                + "the answer as one of the top best-selling foundations.\n"
                + "\n"
                + "    \n"
                + "    Be flexible in matching:\n"
                + "    - The exact foundation name might vary slightly from '" + foundationName + "'\n"
                + "    - Look for any foundation from '" + brandName + "' that appears to be presented as a "
                + "top/best-selling foundation\n"
                + "    - Common brand name variations should be accepted (e.g., \"Haus Labs\" vs \"Haus Labs by Lady "
                + "Gaga\")\n"
                + "\n"
                + "    Return:\n"
                + "    - name: the exact foundation name as mentioned in the answer (only if found)\n"
                + "    - brand: the exact brand as mentioned in the answer (only if found)  \n"
                + "    - foundation_url: any URL provided for this foundation (only if found)\n"
                + "    - mentioned: true if a foundation from '" + brandName + "' is clearly presented as one of the "
                + "top best-selling foundations\n"
                + "\n"
                + "    The key criterion is that the answer presents this as one of the top best-selling foundations "
                + "from Sephora, not just any mention of the brand.\n"
                + "    ";
    }

    static String promptExtractConcealerForBrand(String brandName) {
        return "\n"
                + "    Extract details about any concealer product from the brand '" + brandName + "' mentioned in "
                + "the answer.\n"
                + "\n"
                + "    Return:\n"
                + "    - name: the concealer product name\n"
                + "    - brand: should be '" + brandName + "'\n"
                + "    - url: URL to the concealer on the official brand website\n"
                + "    - found: true if a concealer from this brand is mentioned, false otherwise\n"
                + "\n"
                + "    If multiple concealers from this brand are mentioned, extract the main one recommended.\n"
                + "    ";
    }

    static String promptExtractHighlighterForBrand(String brandName) {
        return "\n"
                + "    Extract details about any highlighter product from the brand '" + brandName + "' mentioned in "
                + "the answer.\n"
                + "\n"
                + "    Return:\n"
                + "    - name: the highlighter product name  \n"
                + "    - brand: should be '" + brandName + "'\n"
                + "    - url: URL to the highlighter on the official brand website\n"
                + "    - found: true if a highlighter from this brand is mentioned, false otherwise\n"
                + "\n"
                + "    If multiple highlighters from this brand are mentioned, extract the main one recommended.\n"
                + "    ";
    }

    // ----------------------------------------------------------------------- verification functions

    /** Verify the main foundation task: identification + website link. */
    static void verifyFoundationMainTask(Evaluator evaluator, Node parentNode, GroundTruthFoundation gtFoundation,
                                         FoundationMention foundationMention, int position) {
        String gtName = PyRepr.str(gtFoundation.name());
        String gtBrand = PyRepr.str(gtFoundation.brand());
        Node mainTaskNode = evaluator.addParallel(
                "foundation_" + position + "_main",
                "Foundation #" + position + " (" + gtName + " by " + gtBrand
                        + ") main task: identification and official website link",
                parentNode, true);

        // Foundation identification
        evaluator.addCustomNode(
                foundationMention.mentioned(),
                "foundation_" + position + "_identified",
                "Foundation #" + position + " (" + gtName + " by " + gtBrand + ") is correctly identified in the answer",
                mainTaskNode, true);

        // Check if URL exists (directly under main_task_node)
        evaluator.addCustomNode(
                foundationMention.mentioned() && truthy(foundationMention.foundation_url()),
                "foundation_" + position + "_url_exists",
                "Foundation #" + position + " has a URL provided",
                mainTaskNode, true);

        // Verify the URL (directly under main_task_node)
        Node websiteVerificationNode = evaluator.addLeaf(
                "foundation_" + position + "_website_verification",
                "Verify URL leads to foundation on official " + gtBrand + " website",
                mainTaskNode, true);

        String shownName = truthy(foundationMention.name()) ? foundationMention.name() : gtFoundation.name();
        String claim = "The URL leads to the foundation '" + PyRepr.str(shownName) + "' on the official " + gtBrand
                + " website";
        evaluator.verify(claim, websiteVerificationNode, Sources.urlOrNone(foundationMention.foundation_url()),
                "Verify this URL leads to the official " + gtBrand + " website (not a third-party retailer) and "
                        + "shows a foundation product that matches or is very similar to '" + gtName + "'");
    }

    /** Verify concealer from the brand. */
    static void verifyConcealer(Evaluator evaluator, Node parentNode, GroundTruthFoundation gtFoundation,
                                ComplementaryProduct concealer, int position, Variant variant) {
        String gtBrand = PyRepr.str(gtFoundation.brand());
        Node concealerNode = evaluator.addParallel(
                "foundation_" + position + "_concealer",
                "Concealer from " + gtBrand,
                parentNode, false);

        evaluator.addCustomNode(
                concealer.found() && truthy(concealer.url()),
                "foundation_" + position + "_concealer_exists",
                "Concealer from " + gtBrand + " found with URL",
                concealerNode, true);

        Node concealerVerificationNode = evaluator.addLeaf(
                "foundation_" + position + "_concealer_verification",
                "Verify concealer URL for " + gtBrand,
                concealerNode, true);

        String claim;
        if (variant.isFixed() && !truthy(concealer.name())) { // fix: the quoted product name is left out when it is missing
            claim = "The URL leads to a concealer product on the official " + gtBrand + " website";
        } else {
            claim = "The URL leads to a concealer product '" + PyRepr.str(concealer.name()) + "' on the official "
                    + gtBrand + " website";
        }
        evaluator.verify(claim, concealerVerificationNode, Sources.urlOrNone(concealer.url()),
                "Verify this URL leads to the official " + gtBrand + " website and shows a concealer product");
    }

    /** Verify highlighter from the brand. */
    static void verifyHighlighter(Evaluator evaluator, Node parentNode, GroundTruthFoundation gtFoundation,
                                  ComplementaryProduct highlighter, int position, Variant variant) {
        String gtBrand = PyRepr.str(gtFoundation.brand());
        Node highlighterNode = evaluator.addParallel(
                "foundation_" + position + "_highlighter",
                "Highlighter from " + gtBrand,
                parentNode, false);

        evaluator.addCustomNode(
                highlighter.found() && truthy(highlighter.url()),
                "foundation_" + position + "_highlighter_exists",
                "Highlighter from " + gtBrand + " found with URL",
                highlighterNode, true);

        Node highlighterVerificationNode = evaluator.addLeaf(
                "foundation_" + position + "_highlighter_verification",
                "Verify highlighter URL for " + gtBrand,
                highlighterNode, true);

        String claim;
        if (variant.isFixed() && !truthy(highlighter.name())) { // fix: the quoted product name is left out when it is missing
            claim = "The URL leads to a highlighter product on the official " + gtBrand + " website";
        } else {
            claim = "The URL leads to a highlighter product '" + PyRepr.str(highlighter.name()) + "' on the official "
                    + gtBrand + " website";
        }
        evaluator.verify(claim, highlighterVerificationNode, Sources.urlOrNone(highlighter.url()),
                "Verify this URL leads to the official " + gtBrand + " website and shows a highlighter product");
    }

    /** Verify a complete foundation entry. */
    static void verifySingleFoundation(Evaluator evaluator, Node parentNode, GroundTruthFoundation gtFoundation,
                                       FoundationMention foundationMention,
                                       ConcealerHighlighterPair concealerHighlighter, int position,
                                       Variant variant) {
        Node foundationNode = evaluator.addParallel(
                "foundation_" + position,
                "Foundation #" + position + ": " + PyRepr.str(gtFoundation.name()) + " by "
                        + PyRepr.str(gtFoundation.brand()),
                parentNode, false);

        // Main foundation task
        verifyFoundationMainTask(evaluator, foundationNode, gtFoundation, foundationMention, position);

        // Complementary products
        verifyConcealer(evaluator, foundationNode, gtFoundation, concealerHighlighter.concealer(), position, variant);

        verifyHighlighter(evaluator, foundationNode, gtFoundation, concealerHighlighter.highlighter(), position, variant);
    }

    // ----------------------------------------------------------------------- main evaluation entry point

    /** Evaluate the answer for best-selling foundations task ({@code evaluate_answer}). */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        // -------- 1. Set up evaluator
        Node root = evaluator.initialize(TASK_ID, Strategy.PARALLEL, TASK_DESCRIPTION);

        // -------- 2. Extract Sephora URL from answer or use default
        SephoraUrl sephoraUrlInfo = evaluator.extract(promptExtractSephoraUrl(), SephoraUrl.class, "sephora_url");

        // Determine which URL to use for ground truth (the original only logs the choice)
        String groundTruthUrl = truthy(sephoraUrlInfo.url()) ? sephoraUrlInfo.url() : DEFAULT_SEPHORA_URL;

        // -------- 3. Extract ground truth from Sephora (from the page: source = the URL)
        GroundTruthFoundations groundTruthFoundations = evaluator.extract(promptExtractGroundTruthFoundations(),
                GroundTruthFoundations.class, "ground_truth_foundations", groundTruthUrl, null);

        // Ensure we have exactly 5 foundations
        List<GroundTruthFoundation> all = groundTruthFoundations.foundations();
        List<GroundTruthFoundation> gtFoundations = new ArrayList<>(all.subList(0, Math.min(5, all.size())));
        while (gtFoundations.size() < 5) {
            gtFoundations.add(new GroundTruthFoundation(null, null, gtFoundations.size() + 1));
        }

        // Record ground truth info
        Map<String, Object> gtInfo = new LinkedHashMap<>();
        gtInfo.put("source_url", groundTruthUrl);
        gtInfo.put("foundations", gtFoundations.stream().map(Template::toJson).toList());
        evaluator.addGroundTruth(gtInfo, "ground_truth_best_selling");

        // -------- 4. Extract answer information for each foundation
        List<FoundationMention> foundationMentions = new ArrayList<>();
        List<ConcealerHighlighterPair> concealerHighlighterPairs = new ArrayList<>();

        for (GroundTruthFoundation gtFoundation : gtFoundations) {
            FoundationMention foundationMention;
            if (truthy(gtFoundation.name()) && truthy(gtFoundation.brand())) {
                foundationMention = evaluator.extract(
                        promptCheckFoundationMentioned(gtFoundation.name(), gtFoundation.brand()),
                        FoundationMention.class,
                        "foundation_" + PyRepr.str(gtFoundation.rank()) + "_mention");

                ComplementaryProduct concealer = evaluator.extract(
                        promptExtractConcealerForBrand(gtFoundation.brand()),
                        ComplementaryProduct.class,
                        "concealer_" + gtFoundation.brand());

                ComplementaryProduct highlighter = evaluator.extract(
                        promptExtractHighlighterForBrand(gtFoundation.brand()),
                        ComplementaryProduct.class,
                        "highlighter_" + gtFoundation.brand());

                concealerHighlighterPairs.add(new ConcealerHighlighterPair(concealer, highlighter));
            } else {
                foundationMention = Template.of(FoundationMention.class).empty();
                concealerHighlighterPairs.add(ConcealerHighlighterPair.empty());
            }

            foundationMentions.add(foundationMention);
        }

        // -------- 5. Build verification tree
        for (int i = 0; i < gtFoundations.size(); i++) {
            verifySingleFoundation(evaluator, root, gtFoundations.get(i), foundationMentions.get(i),
                    concealerHighlighterPairs.get(i), i + 1, variant);
        }

        // -------- 6. Return structured result: the caller takes ResultJson.summary(evaluator)
    }
}
