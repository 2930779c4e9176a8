package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;
import static dev.regrade.api.Variant.RELEASED_AND_FIXED;

import dev.regrade.pycompat.Difflib;
import dev.regrade.pycompat.PyAttributeError;
import dev.regrade.pycompat.PyStr;
import dev.regrade.pycompat.PyWhitespace;
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
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code ingredient_safety}: one individual fragrance each from Chanel, Jo Malone London and Dior on
 * Sephora, and for each one ingredient that EWG Skin Deep rates moderate or high on some concern,
 * with the concern and a link to the ingredient's EWG profile. The root averages three brand
 * subtrees, each all-critical (a brand scores 0 or 1).
 *
 * <p>Brands in the answer are matched to the required ones by difflib ratio of the normalised
 * names, at least {@code BRAND_MATCH_THRESHOLD} (0.8). Released: "Jo Malone" (0.727 against "Jo
 * Malone London") and "Christian Dior" (0.471 against "Dior") do not match, so that brand's third
 * of the score is lost. {@code fixed} (FIXES.md §A): a name below the threshold also matches, at
 * exactly 0.8, when its words contain the required name's words as a contiguous run (words added
 * before or after it) or are the first two or more words of the required name; fragments such as
 * "Jo" or "London" still fail, and a closer spelling in the same answer is still preferred.
 */
public final class IngredientSafety {

    // ----------------------------------------------------------------------- task-specific constants
    static final String TASK_ID = "ingredient_safety";

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

            Select one individual fragrance (excluding fragrance sets) from each of the following brands available on Sephora: Chanel, Jo Malone London, and Dior. For each selected fragrance, I would like to investigate the safety of its ingredients using the Environmental Working Group (EWG) Skin Deep Database. Specifically, for each fragrance, identify one ingredient that has a moderate or high rating on any common concern according to EWG, and provide the ingredient's name, the specific concern for which it has a moderate or high rating, and a direct link to its EWG profile.
            """;

    static final List<String> REQUIRED_BRANDS = List.of("Chanel", "Jo Malone London", "Dior");
    /** Similarity threshold for brand matching. */
    static final double BRAND_MATCH_THRESHOLD = 0.8;

    // ----------------------------------------------------------------------- data models for extracted information

    /** Information about a selected fragrance. */
    public record FragranceInfo(
            String brand,
            String name,
            @Default("[]") @NotNone List<String> sephora_urls) {
    }

    /** Information about an ingredient with safety concerns. */
    public record IngredientInfo(
            String fragrance_brand,
            String fragrance_name,
            String ingredient_name,
            String concern,
            String rating,
            @Default("[]") @NotNone List<String> ewg_urls) {
    }

    /** List of fragrances extracted from the answer. */
    public record ExtractedFragrances(@Default("[]") @NotNone List<FragranceInfo> fragrances) {
    }

    /** List of ingredients with safety concerns extracted from the answer. */
    public record ExtractedIngredients(@Default("[]") @NotNone List<IngredientInfo> ingredients) {
    }

    /** URLs extracted for a specific verification purpose. */
    public record ExtractedUrls(@Default("[]") @NotNone List<String> urls) {
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID, RELEASED_AND_FIXED,
            new DeclaredExtraction(ExtractedFragrances.class, "fragrances"),
            new DeclaredExtraction(ExtractedIngredients.class, "ingredients"),
            new DeclaredExtraction(ExtractedUrls.class, // per REQUIRED_BRANDS brand id
                    "sephora_urls_chanel", "sephora_urls_jo_malone_london", "sephora_urls_dior",
                    "ewg_urls_chanel", "ewg_urls_jo_malone_london", "ewg_urls_dior")),
            IngredientSafety::evaluateAnswer);

    private IngredientSafety() {
    }

    // ----------------------------------------------------------------------- utility functions for brand matching

    /** Normalize brand name for comparison: {@code lower().strip()} without ' ', '-' and '.'. */
    static String normalizeBrandName(String brandName) {
        if (brandName == null) {
            throw new PyAttributeError("'NoneType' object has no attribute 'lower'");
        }
        return PyWhitespace.strip(PyStr.lower(brandName)).replace(" ", "").replace("-", "").replace(".", "");
    }

    /**
     * fixed only (no released counterpart): the words of a brand name, {@code [w for w in (t.replace('.',
     * '') for t in brand_name.lower().replace('-', ' ').split()) if w]}.
     */
    static List<String> brandWords(String brandName) {
        List<String> words = new ArrayList<>();
        for (String t : PyWhitespace.split(PyStr.lower(brandName).replace("-", " "))) {
            String w = t.replace(".", "");
            if (!w.isEmpty()) {
                words.add(w);
            }
        }
        return words;
    }

    /**
     * The original's {@code calculate_brand_similarity(brand1, brand2)} for a variant: the difflib
     * ratio of the normalised names ({@code brand1} is the brand written in the answer, {@code brand2}
     * the required one). Raises AttributeError for a None name, as the original. Public so that the
     * fix can be tested directly.
     *
     * @param variant {@link Variant#RELEASED} or {@link Variant#FIXED}
     */
    public static double calculateBrandSimilarity(Variant variant, String extractedBrand, String requiredBrand) {
        String normalized1 = normalizeBrandName(extractedBrand);
        String normalized2 = normalizeBrandName(requiredBrand);
        double similarity = Difflib.ratio(normalized1, normalized2);
        if (variant.isFixed() && similarity < BRAND_MATCH_THRESHOLD) { // fix: required name plus whole words, or its first 2+ words, match at 0.8
            List<String> words1 = brandWords(extractedBrand);
            List<String> words2 = brandWords(requiredBrand);
            int n1 = words1.size();
            int n2 = words2.size();
            boolean containsRequired = false;
            for (int i = 0; n2 > 0 && i + n2 <= n1; i++) {
                if (words1.subList(i, i + n2).equals(words2)) {
                    containsRequired = true;
                    break;
                }
            }
            boolean requiredPrefix = 2 <= n1 && n1 < n2 && words2.subList(0, n1).equals(words1);
            if (containsRequired || requiredPrefix) {
                return BRAND_MATCH_THRESHOLD;
            }
        }
        return similarity;
    }

    /** Find fragrance that matches the target brand with similarity threshold. */
    static FragranceInfo findMatchingFragrance(List<FragranceInfo> fragrances, String targetBrand, Variant variant) {
        return bestBrandMatch(fragrances, FragranceInfo::brand, targetBrand, variant);
    }

    /** Find ingredient that matches the target brand with similarity threshold. */
    static IngredientInfo findMatchingIngredient(List<IngredientInfo> ingredients, String targetBrand,
                                                 Variant variant) {
        return bestBrandMatch(ingredients, IngredientInfo::fragrance_brand, targetBrand, variant);
    }

    /**
     * The loop both finders above repeat in the original, on {@code brand} and {@code fragrance_brand}:
     * the first entry whose (truthy) brand has the highest similarity to the target, at least the
     * threshold; None when there is none.
     */
    private static <T> T bestBrandMatch(List<T> entries, Function<T, String> brandOf, String targetBrand,
                                        Variant variant) {
        T bestMatch = null;
        double bestScore = 0.0;

        for (T entry : entries) {
            String brand = brandOf.apply(entry);
            if (truthy(brand)) {
                double similarity = calculateBrandSimilarity(variant, brand, targetBrand);
                if (similarity >= BRAND_MATCH_THRESHOLD && similarity > bestScore) {
                    bestScore = similarity;
                    bestMatch = entry;
                }
            }
        }

        return bestMatch;
    }

    // ----------------------------------------------------------------------- extraction prompts (not dedented)

    static String promptExtractFragrances() {
        return "\n"
                + "    Extract information about the fragrances mentioned in the answer. For each fragrance, extract:\n"
                + "    1. The brand name (Chanel, Jo Malone London, or Dior)\n"
                + "    2. The full fragrance name\n"
                + "    3. ALL Sephora URLs related to the fragrance (extract all URLs that might contain product "
                + "information, ingredient lists, or other relevant details about the fragrance)\n"
                + "\n"
                + "    Focus only on individual fragrances, not fragrance sets. If a brand is mentioned without a "
                + "specific fragrance, or if a brand is missing entirely, return null for the corresponding fields.\n"
                + "    For URLs, extract all potentially relevant Sephora links, not just the first one.\n"
                + "    ";
    }

    static String promptExtractIngredients() {
        return "\n"
                + "    Extract information about ingredients with safety concerns mentioned in the answer. For each "
                + "ingredient, extract:\n"
                + "    1. The associated fragrance brand (to link back to the fragrance)\n"
                + "    2. The associated fragrance name\n"
                + "    3. The ingredient name\n"
                + "    4. The specific concern (e.g., \"Cancer\", \"Allergies & Immunotoxicity\", \"Developmental and "
                + "Reproductive Toxicity\", \"Use Restrictions\")\n"
                + "    5. The rating level (e.g., \"Moderate\", \"High\") \n"
                + "    6. ALL EWG URLs for the ingredient (extract all URLs that might contain EWG information for this "
                + "ingredient)\n"
                + "\n"
                + "    If any information is missing, return null for the corresponding fields.\n"
                + "    For URLs, extract all potentially relevant EWG links, not just the first one.\n"
                + "    ";
    }

    static String promptExtractSephoraUrls(String brand, String fragranceName) {
        return "\n"
                + "    Extract all URLs that might be associated with the fragrance \"" + fragranceName + "\" from "
                + brand + " on Sephora.\n"
                + "    Focus specifically on Sephora URLs that would contain the fragrance's product page or "
                + "ingredient list.\n"
                + "    Extract only complete and valid URLs. The URLs should be related to Sephora's website and "
                + "specifically for this fragrance.\n"
                + "    Include ALL potentially relevant Sephora URLs, not just the primary product page.\n"
                + "    ";
    }

    static String promptExtractUrlsForIngredient(String ingredientName, String brand) {
        return "\n"
                + "    Extract all URLs that might be associated with the ingredient \"" + ingredientName
                + "\" mentioned for the " + brand + " fragrance. \n"
                + "    Focus specifically on Environmental Working Group (EWG) URLs or any URLs that might contain "
                + "information about this ingredient's safety rating.\n"
                + "    Extract only complete and valid URLs. Include ALL URLs that are explicitly labeled as EWG links "
                + "and any that appear to be related to the ingredient's safety profile.\n"
                + "    ";
    }

    // ----------------------------------------------------------------------- verification for individual brands

    static final String INGREDIENT_IN_FRAGRANCE_INSTRUCTION = "Verify whether the ingredient list for this "
            + "fragrance on the Sephora page contains the specified ingredient. The ingredient might be listed in the "
            + "'Ingredients' section or in the product details. Note that ingredient names can sometimes be complex "
            + "or have slight variations in spelling.";

    static final String PROVENANCE_INSTRUCTION = "Verify whether the webpage contains information confirming that "
            + "this specific ingredient. The information doesn't need to use exactly the same wording, but it should "
            + "substantiate the core claim about the ingredient's specific concern and whether there's a moderate or "
            + "high rating.";

    /** Verify fragrance selection and ingredient safety information for a specific brand. */
    static void verifyBrandFragrance(Evaluator evaluator, Node parentNode, String brand,
                                     List<FragranceInfo> fragrances, List<IngredientInfo> ingredients,
                                     Variant variant) {
        String brandId = PyStr.lower(brand).replace(" ", "_").replace(".", "");

        // Create a sequential node for this brand
        Node brandNode = evaluator.addSequential("brand_" + brandId,
                "Verify fragrance selection and ingredient safety information for " + brand, parentNode);

        // Find matching fragrances for this brand using improved matching
        FragranceInfo matchingFragrance = findMatchingFragrance(fragrances, brand, variant);

        // Step 1: Verify fragrance selection using existence check
        evaluator.addCustomNode(matchingFragrance != null, "fragrance_selection_" + brandId,
                "Verify that an individual " + brand + " fragrance was selected", brandNode, true);

        // Step 2: Verify ingredient safety information
        Node ingredientNode = evaluator.addSequential("ingredient_verification_" + brandId,
                "Verify ingredient safety information for the selected " + brand + " fragrance", brandNode, true);

        // Find matching ingredients for this fragrance using improved matching
        IngredientInfo matchingIngredient = findMatchingIngredient(ingredients, brand, variant);

        // 1. Check if ingredient name exists
        evaluator.addCustomNode(matchingIngredient != null && matchingIngredient.ingredient_name() != null,
                "ingredient_name_exists_" + brandId,
                "Check if an ingredient name is provided for the " + brand + " fragrance", ingredientNode, true);

        // 2. Verify the ingredient is actually in the fragrance
        Node ingredientInFragranceParent = evaluator.addParallel("ingredient_in_fragrance_parent_" + brandId,
                "Verify ingredient presence in fragrance", ingredientNode, true);

        // Get all Sephora URLs for the fragrance
        List<String> sephoraUrls = new ArrayList<>();
        if (matchingFragrance != null) {
            sephoraUrls = new ArrayList<>(matchingFragrance.sephora_urls());
        }

        // If no URLs directly provided, try to extract them
        if (sephoraUrls.isEmpty() && matchingFragrance != null && truthy(matchingFragrance.name())) {
            ExtractedUrls extractedSephoraUrls = evaluator.extract(
                    promptExtractSephoraUrls(brand, matchingFragrance.name()), ExtractedUrls.class,
                    "sephora_urls_" + brandId);
            sephoraUrls = urlsContaining(extractedSephoraUrls.urls(), "sephora");
        }

        // Check existence of URLs and ingredient
        evaluator.addCustomNode(sephoraUrls.size() > 0, "ingredient_urls_exist_" + brandId,
                "Check if ingredient and Sephora URLs exist for verification", ingredientInFragranceParent, true);

        Node ingredientInFragranceNode = evaluator.addLeaf("ingredient_in_fragrance_" + brandId,
                "Verify that the ingredient is present in the " + brand + " fragrance", ingredientInFragranceParent,
                true);

        // Always call verify regardless of data existence
        String ingredientClaim = "";
        if (matchingFragrance != null && truthy(matchingFragrance.name()) && matchingIngredient != null
                && truthy(matchingIngredient.ingredient_name())) {
            ingredientClaim = "The fragrance '" + matchingFragrance.name() + "' by " + brand
                    + " contains the ingredient '" + matchingIngredient.ingredient_name() + "'.";
        }

        evaluator.verify(ingredientClaim, ingredientInFragranceNode, Sources.urls(sephoraUrls),
                INGREDIENT_IN_FRAGRANCE_INSTRUCTION);

        // 3. Verify EWG profile link is provided
        // Get all EWG URLs for the ingredient
        List<String> ewgUrls = new ArrayList<>();
        if (matchingIngredient != null) {
            ewgUrls = urlsContaining(matchingIngredient.ewg_urls(), "ewg");
        }

        // If no EWG URLs directly provided, extract potential URLs from the answer
        if (ewgUrls.isEmpty() && matchingIngredient != null && truthy(matchingIngredient.ingredient_name())) {
            ExtractedUrls extractedUrls = evaluator.extract(
                    promptExtractUrlsForIngredient(matchingIngredient.ingredient_name(), brand), ExtractedUrls.class,
                    "ewg_urls_" + brandId);
            ewgUrls = urlsContaining(extractedUrls.urls(), "ewg");
        }

        evaluator.addCustomNode(ewgUrls.size() > 0, "ewg_link_exists_" + brandId,
                "Check if EWG profile link is provided for the " + brand + " fragrance ingredient", ingredientNode,
                true);

        // 4. Verify EWG link substantiates the identified concern and rating
        Node concernRatingParent = evaluator.addParallel("concern_rating_" + brandId,
                "Verify EWG link substantiation", ingredientNode, true);

        evaluator.addCustomNode(matchingIngredient != null
                        && matchingIngredient.ingredient_name() != null
                        && matchingIngredient.concern() != null
                        && ewgUrls.size() > 0,
                "concern_data_exists_" + brandId, "Check if data exists for EWG concern rating verification",
                concernRatingParent, true);

        Node provenanceNode = evaluator.addLeaf("provenance_" + brandId,
                "Verify that the EWG link substantiates the identified concern and rating", concernRatingParent,
                true);

        // Construct claim for verification
        String claim = "";
        if (matchingIngredient != null && truthy(matchingIngredient.ingredient_name())
                && truthy(matchingIngredient.concern())) {
            claim = "The ingredient '" + matchingIngredient.ingredient_name()
                    + "' has either a moderate or high rating for the concern '" + matchingIngredient.concern()
                    + "' according to EWG's Skin Deep Database.";
        }

        evaluator.verify(claim, provenanceNode, Sources.urls(ewgUrls), PROVENANCE_INSTRUCTION);
    }

    /** {@code [url for url in urls if word in url.lower()]}. */
    private static List<String> urlsContaining(List<String> urls, String word) {
        List<String> out = new ArrayList<>();
        for (String url : urls) {
            if (PyStr.lower(url).contains(word)) {
                out.add(url);
            }
        }
        return out;
    }

    // ----------------------------------------------------------------------- main evaluation entry point

    /** The original's {@code evaluate_answer}. */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        // -------- 1. Initialize evaluator (strategy not passed: PARALLEL)
        Node root = evaluator.initialize(TASK_ID, Strategy.PARALLEL, TASK_DESCRIPTION);

        // -------- 2. Extract structured info from the answer
        ExtractedFragrances fragrancesInfo = evaluator.extract(promptExtractFragrances(), ExtractedFragrances.class,
                "fragrances");

        ExtractedIngredients ingredientsInfo = evaluator.extract(promptExtractIngredients(),
                ExtractedIngredients.class, "ingredients");

        // -------- 3. Build verification tree
        for (String brand : REQUIRED_BRANDS) {
            verifyBrandFragrance(evaluator, root, brand, fragrancesInfo.fragrances(), ingredientsInfo.ingredients(),
                    variant);
        }
    }
}
