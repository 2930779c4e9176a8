package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;
import static dev.regrade.api.Variant.RELEASED_AND_FIXED;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regrade.pycompat.PyFloat;
import dev.regrade.pycompat.PyFormat;
import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PyValueError;
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
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mind2Web 2 task {@code ikea_shopping_list}: furnish a US bedroom from IKEA with a white bed
 * frame, desk, chair, floor lamp and two-door wardrobe, for a total between $200 and $600, giving
 * name, price and purchase link of each. Each item is a soft branch (exists with URL and price,
 * right white product on its page, price matches the page); the prices of the fully verified items
 * are summed by {@link #extractNumericPrice} and the sum is checked by a critical budget node
 * (total above 0, judged within 200–600), which zeroes the task when it fails.
 *
 * <p>The fix (FIXES.md §A): the released {@code extract_numeric_price} removes "$" and "," and
 * calls {@code float()}, so a price with words around it ("$179.00 USD", "$29.99 each") becomes
 * 0.0 and a verified item adds nothing to the total. The fixed variant, when {@code float()}
 * fails, takes the single amount in the string, preferring the number after a dollar sign
 * ("2 for $10" gives 10); several amounts ("Was $249.00, now $199.00") still give 0.0. Strings
 * that parsed before keep their value. Nothing else differs between the variants.
 */
public final class IkeaShoppingList {
    // Task-specific constants
    static final String TASK_ID = "ikea_shopping_list";

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

            I recently moved to a new apartment in the US and I would like to get some furniture for my bedroom from IKEA. My budget is $200-$600 and I need a bed frame, a desk, a chair, a floor lamp, and an two-door wardrobe. Please help me make a shopping list and make sure the total price is within my budget range (do not go over or under). Also, make sure all the furniture in the shopping list are white. For each item, provide the name, price, and purchase link.
            """;

    // Required furniture types
    static final List<String> REQUIRED_TYPES = List.of("bed frame", "desk", "chair", "floor lamp", "wardrobe");

    /*
     * fix: what the fixed extract_numeric_price counts as an amount when float() fails: ASCII digits
     * with optional thousands commas and an optional decimal part (or ".99"), no sign; a dollar
     * amount is one right after "$" (ASCII white space allowed between). Same patterns as the fixed
     * Python copy's re.ASCII patterns (Java's \s is Python's ASCII \s).
     */
    private static final Pattern AMOUNT = Pattern.compile("[0-9][0-9,]*(?:\\.[0-9]+)?|\\.[0-9]+");
    private static final Pattern DOLLAR_AMOUNT = Pattern.compile("\\$\\s*([0-9][0-9,]*(?:\\.[0-9]+)?|\\.[0-9]+)");

    /** Model for a single furniture item. */
    public record FurnitureItem(String name, String price, String color, String url) {
    }

    /** Model for a single furniture item (sic: the original's docstring). */
    public record TotalPrice(String total_price) {
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID, RELEASED_AND_FIXED,
            new DeclaredExtraction(FurnitureItem.class, "bed_frame_extraction", "desk_extraction", "chair_extraction",
                    "floor_lamp_extraction", "wardrobe_extraction"), // one per REQUIRED_TYPES entry
            new DeclaredExtraction(TotalPrice.class, "total_price_extraction")),
            IkeaShoppingList::evaluateAnswer);

    private IkeaShoppingList() {
    }

    // Extraction prompts
    static String promptExtractFurnitureItem(String furnitureType) {
        return "\n"
                + "    Extract information about the " + furnitureType + " mentioned in the answer. Look for:\n"
                + "\n"
                + "    1. name: The name of the " + furnitureType + " (e.g., \"MALM\", \"LINNMON/ADILS\", etc.)\n"
                + "    2. price: The price of the " + furnitureType + " (with or without $ symbol)\n"
                + "    3. color: The color of the " + furnitureType + "\n"
                + "    4. url: The purchase link/URL for the " + furnitureType + "\n"
                + "\n"
                + "    If there is no " + furnitureType + " mentioned in the answer, or if any of these details are"
                + " missing, return null for that field.\n"
                + "\n"
                + "    Note: For wardrobe, specifically look for a two-door wardrobe or any wardrobe that has at least"
                + " 2 doors.\n"
                + "    ";
    }

    static String promptExtractTotalPrice() {
        return "\n"
                + "    Extract the total price of all items in the shopping list as mentioned in the answer.\n"
                + "    Return the total price as a string (with or without $ symbol).\n"
                + "    If no total price is explicitly mentioned, return null.\n"
                + "    ";
    }

    // Helper functions

    /**
     * The original's {@code extract_numeric_price(price_str)} in the given variant: 0.0 for None or
     * "", else {@code float(price_str.replace("$", "").replace(",", "").strip())} with Python's
     * {@code float()} rules, 0.0 when that raises ValueError. In the fixed variant a string that
     * {@code float()} rejects yields its single amount (the single one after a "$" if there is any
     * "$" amount), and 0.0 when there is none or several.
     *
     * @param variant {@link Variant#RELEASED} or {@link Variant#FIXED}
     * @param price   the extracted price string, or null (None)
     */
    public static double extractNumericPrice(Variant variant, String price) {
        if (price == null || price.isEmpty()) {
            return 0.0;
        }
        try {
            // Remove $ and , characters and convert to float
            return PyFloat.parse(PyWhitespace.strip(price.replace("$", "").replace(",", "")));
        } catch (PyValueError e) {
            if (variant.isFixed()) { // fix: words around a single amount yield it, the one after "$" first; several give 0.0
                List<String> amounts = findAll(DOLLAR_AMOUNT, price, 1);
                if (amounts.isEmpty()) {
                    amounts = findAll(AMOUNT, price, 0);
                }
                if (amounts.size() != 1) {
                    return 0.0;
                }
                return PyFloat.parse(amounts.get(0).replace(",", ""));
            }
            return 0.0;
        }
    }

    /** Python's {@code pattern.findall(s)} for a pattern with at most one group. */
    private static List<String> findAll(Pattern pattern, String s, int group) {
        List<String> out = new ArrayList<>();
        Matcher m = pattern.matcher(s);
        while (m.find()) {
            out.add(m.group(group));
        }
        return out;
    }

    // Verification functions

    /**
     * Verify a single furniture item meets all requirements. Returns the verified price for budget
     * calculation.
     */
    static double verifyFurnitureItem(Evaluator evaluator, Node parentNode, FurnitureItem item,
                                      String furnitureType, Variant variant) {
        String tid = furnitureType.replace(" ", "_");
        // Create parent node for this item
        Node itemParent = evaluator.addParallel(
                tid + "_verification",
                "Verification of " + furnitureType + " requirements",
                parentNode,
                false); // Non-critical to allow partial credit

        // 1. Check if item exists with all required fields (URL and price)
        evaluator.addCustomNode(
                item != null && truthy(item.url()) && truthy(item.price()),
                tid + "_exists",
                "Check if " + furnitureType + " was found with URL and price",
                itemParent,
                true);

        // 2. Verify item is the correct type and color
        Node typeNode = evaluator.addLeaf(
                tid + "_correct_type",
                "Verify the item is a white " + furnitureType,
                itemParent,
                true);

        // Special case for wardrobe
        String claim;
        if (furnitureType.equals("wardrobe")) {
            claim = "This is a valid IKEA product page for a " + furnitureType
                    + ". And, this item in the page is a white two-door wardrobe or has at least 2 doors.";
        } else {
            claim = "This is a valid IKEA product page for a " + furnitureType
                    + ". And, this item in the page is a white " + furnitureType + ".";
        }

        evaluator.verify(
                claim,
                typeNode,
                sourcesOf(item),
                "Check if this IKEA product is actually a " + furnitureType
                        + ". For wardrobe, verify it has at least 2 doors. Also, verify if it is white in color"
                        + " (at least roughly).");

        // 3. Verify price accuracy
        Node priceNode = evaluator.addLeaf(
                tid + "_price_verification",
                "Verify the price of the " + furnitureType + " is accurate",
                itemParent,
                true);

        // Since we have a critical existence check, we can assume item.price exists here
        // (item itself is never None: a failed extraction yields an empty FurnitureItem).
        String priceClaim = "The price of this " + furnitureType + " is " + PyRepr.str(item.price())
                + ". And the price '" + PyRepr.str(item.price()) + "' is a valid price number (it can be approximated).";

        evaluator.verify(
                priceClaim,
                priceNode,
                sourcesOf(item),
                "minor deviation is acceptable (e.g., 249->250), but the price should be roughly the same as the one"
                        + " in the page.");

        // Calculate verified price based on the parent node's aggregated score
        // The parent node will have score > 0 only if all critical nodes passed
        itemParent.computeScore(true);
        if (itemParent.aggregatedScore() > 0) {
            return extractNumericPrice(variant, item.price());
        }
        return 0.0;
    }

    /** {@code sources=item.url if item else None}. */
    private static Sources sourcesOf(FurnitureItem item) {
        return Sources.urlOrNone(item != null ? item.url() : null);
    }

    /** Verify that the total price is within the budget range ($200-$600). */
    static void verifyBudgetCompliance(Evaluator evaluator, Node parentNode, double calculatedTotal,
                                       String statedTotal) {
        Node budgetParent = evaluator.addParallel(
                "budget_compliance",
                "Budget requirements verification",
                parentNode,
                true);

        // Check if we have a valid total
        evaluator.addCustomNode(
                calculatedTotal > 0,
                "has_valid_total",
                "Check if there is a valid calculated total price",
                budgetParent,
                true);

        // Verify calculated total is within budget
        Node withinBudgetNode = evaluator.addLeaf(
                "within_budget_range",
                "Verify the calculated total price ($" + PyFormat.fixed(calculatedTotal, 2)
                        + ") is within budget ($200-$600)",
                budgetParent,
                true);

        String claim = "This number ($" + PyFormat.fixed(calculatedTotal, 2)
                + ") (the prices of actual valid items after examination) is within the range of 200-600, not going"
                + " over or under.";

        evaluator.verify(
                claim,
                withinBudgetNode,
                Sources.none(),
                "Check if the number (the actual total price of valid furniture) is between $200 and $600 inclusive."
                        + " It should not be below $200 or above $600.");
    }

    /** The original's {@code evaluate_answer}. */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        // 1. Set up evaluator
        Node root = evaluator.initialize(TASK_ID, Strategy.PARALLEL, TASK_DESCRIPTION);

        // 2. Extract structured info from the answer. The original gathers the six extractions
        // concurrently; results are matched by position, and with an immediate model they complete
        // (and are recorded) in list order, which is the order here.
        List<FurnitureItem> extractionResults = new ArrayList<>();
        for (String furnitureType : REQUIRED_TYPES) {
            extractionResults.add(evaluator.extract(
                    promptExtractFurnitureItem(furnitureType),
                    FurnitureItem.class,
                    furnitureType.replace(" ", "_") + "_extraction"));
        }
        // Also extract the stated total price
        TotalPrice totalPrice = evaluator.extract(promptExtractTotalPrice(), TotalPrice.class,
                "total_price_extraction");

        String statedTotal = totalPrice.total_price();

        // 3. Build verification tree
        // Verify each furniture item and collect verified prices
        List<Double> verifiedPrices = new ArrayList<>();
        for (int i = 0; i < REQUIRED_TYPES.size(); i++) {
            double price = verifyFurnitureItem(evaluator, root, extractionResults.get(i), REQUIRED_TYPES.get(i),
                    variant);
            verifiedPrices.add(price);
        }

        // Calculate total price from verified items (Python 3.11's sum: left to right from 0)
        double calculatedTotal = 0.0;
        for (double p : verifiedPrices) {
            calculatedTotal += p;
        }

        // Add info about prices
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode prices = f.objectNode();
        for (int i = 0; i < REQUIRED_TYPES.size(); i++) {
            prices.put(REQUIRED_TYPES.get(i), verifiedPrices.get(i));
        }
        ObjectNode info = f.objectNode();
        info.set("verified_prices", prices);
        info.put("calculated_total", calculatedTotal);
        info.put("stated_total", statedTotal);
        info.put("budget_range", "$200-$600");
        evaluator.addCustomInfo(info, "price_summary");

        // Verify budget compliance
        verifyBudgetCompliance(evaluator, root, calculatedTotal, statedTotal);
    }
}
