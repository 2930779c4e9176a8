package dev.regrade.scripts.v2025_10_23;

import static dev.regrade.pycompat.PyTruth.truthy;
import static dev.regrade.api.Variant.RELEASED_AND_FIXED;

import dev.regrade.pycompat.PyRepr;
import dev.regrade.pycompat.PySet;
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
import dev.regrade.rubric.template.Required;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * {@code popular_ai_books}: five popular-science books (for general readers, not textbooks) on AI
 * or a closely related topic, written or co-written by Turing Award laureates, each with its
 * authors, the laureates' award years and a Goodreads link. Each book is a fifth of the score and
 * passes only if every one of its checks passes.
 *
 * <p>Released: the extracted titles are de-duplicated with {@code list(set(titles))} before the
 * first five are taken, so the order, and with more than five distinct titles the choice of the
 * five books evaluated, follows CPython's string hashes (PYTHONHASHSEED): replayed exactly with
 * {@link PySet#iterationOrder} under the context's hash seed ({@code EvaluationContext.setOrder}). {@code fixed} (FIXES.md §A):
 * duplicates are removed in order of first appearance, so the answer's first five titles are
 * evaluated in every run.
 *
 * <p>{@code BookRecommendation} has required fields (no defaults), so a failed book-detail
 * extraction makes the original's fallback {@code BookRecommendation()} raise pydantic's
 * {@code ValidationError}: the run crashes, in both variants.
 */
public final class PopularAiBooks {
    static final String TASK_ID = "popular_ai_books";

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

            I am interested in reading popular science books about Artificial Intelligence (AI) or closely related topics, written (or co-written) by recipients of the prestigious Turing Award. Please help me identify five suitable books that are specifically intended for general readers, rather than textbooks aimed at students or academic reference manuals. For each selected book, please provide the title, the name(s) of the author(s), the year in which the author(s) received the Turing Award, and a link to its Goodreads page.
            """;

    // ----------------------------------------------------------------------- data models for extracted information

    /** Model for extracting just the book titles. */
    public record BookTitles(@NotNone @Default("[]") List<String> titles) {
    }

    /** The original's {@code TuringUrls}. */
    public record TuringUrls(@NotNone @Default("[]") List<String> turing_award_urls) {
    }

    /** Model for extracting URLs related to Turing Award recipients (both fields required, nullable). */
    public record TuringAuthors(@Required String author_name, @Required String award_year) {
    }

    /** Model for a single book recommendation ({@code title} and {@code goodreads_url} required, nullable). */
    public record BookRecommendation(
            @Required String title,
            @Default("[]") List<String> authors,
            @Default("[]") List<TuringAuthors> turing_authors,
            @Required String goodreads_url) {
    }

    /** Declared once: the variants, and each template extracted into with its extraction names or globs. */
    public static final RubricScript SCRIPT = new RubricScript(new ScriptDeclaration(TASK_ID, RELEASED_AND_FIXED,
            new DeclaredExtraction(BookTitles.class, "book_titles"),
            new DeclaredExtraction(BookRecommendation.class, "book_detail_*"), // * = the title's first 30 characters
            new DeclaredExtraction(TuringUrls.class, "turing_urls_book_*_author_*")),
            PopularAiBooks::evaluateAnswer);

    private PopularAiBooks() {
    }

    // ----------------------------------------------------------------------- extraction prompts

    static String promptExtractBookTitles() {
        return "\n"
                + "    Extract just the titles of the books recommended in the answer.\n"
                + "    Return the book titles exactly as they appear in the answer.\n"
                + "    ";
    }

    static String promptExtractBookDetails(String bookTitle) {
        return "\n"
                + "    Extract the following information about the book titled \"" + bookTitle + "\":\n"
                + "    \n"
                + "    1. The full title of the book (should match \"" + bookTitle + "\")\n"
                + "    2. The name(s) of the author(s)\n"
                + "    3. Which author(s) recieved turing award, and the year they received it in\n"
                + "    4. The Goodreads URL for the book, if provided\n"
                + "    \n"
                + "    Only extract information related to this specific book. If any information is missing, set the "
                + "corresponding field to null.\n"
                + "    ";
    }

    static String promptExtractTuringAwardUrls(String turingWinner, String turingYear) {
        return "\n"
                + "    Extract the all URLs that support that " + turingWinner + " won the Turing Award in " + turingYear
                + ", or similar phrasing. Only mention those that mention it explicitly.\n"
                + "    ";
    }

    // ----------------------------------------------------------------------- verification functions

    /** Verify a single Turing author - both that they won the award and that they're an author of the book. */
    static void verifyTuringAuthor(Evaluator evaluator, Node parentNode, TuringAuthors turingAuthor,
                                   List<String> bookAuthors, List<String> turingUrls, int bookIndex, int authorIndex) {
        // Container for this Turing author verification
        Node turingAuthorNode = evaluator.addParallel("book_" + bookIndex + "_turing_author_" + authorIndex,
                "Turing author #" + (authorIndex + 1) + ": "
                        + (truthy(turingAuthor.author_name()) ? turingAuthor.author_name() : "Unknown"),
                parentNode, true);

        // Check existence of required data
        evaluator.addCustomNode(truthy(turingAuthor.author_name()) && truthy(turingAuthor.award_year())
                        && truthy(turingUrls),
                "book_" + bookIndex + "_turing_author_" + authorIndex + "_data_exists",
                "Turing author data and sources exist", turingAuthorNode, true);

        // Verify this person won the Turing Award
        Node turingAwardVerify = evaluator.addLeaf("book_" + bookIndex + "_turing_author_" + authorIndex + "_award_verify",
                PyRepr.str(turingAuthor.author_name()) + " won Turing Award in " + PyRepr.str(turingAuthor.award_year()),
                turingAuthorNode, true);

        String awardClaim = PyRepr.str(turingAuthor.author_name()) + " received the Turing Award in "
                + PyRepr.str(turingAuthor.award_year()) + ".";

        evaluator.verify(awardClaim, turingAwardVerify, Sources.urls(turingUrls),
                "Verify whether that the source supports the recipient of the turing award won the prize in specified "
                        + "year. The Turing Award is the highest distinction in computer science, often referred to as "
                        + "the 'Nobel Prize of Computing'.");

        // Verify this Turing winner is actually an author of the book
        Node isAuthorVerify = evaluator.addLeaf("book_" + bookIndex + "_turing_author_" + authorIndex + "_is_author",
                PyRepr.str(turingAuthor.author_name()) + " is an author of this book", turingAuthorNode, true);

        String authorsStr = truthy(bookAuthors) ? String.join(", ", bookAuthors) : "No authors listed";
        String authorshipClaim = PyRepr.str(turingAuthor.author_name())
                + " is one of the authors of the book. The book's authors are: " + authorsStr;

        evaluator.verify(authorshipClaim, isAuthorVerify, Sources.none(), // a simple verification without URL
                "Verify if the Turing Award winner's name appears in the list of book authors. Allow for reasonable "
                        + "variations in name format (e.g., with/without middle names, initials).");
    }

    /** Perform complete verification for a single book recommendation. */
    static void verifySingleBook(Evaluator evaluator, Node parentNode, BookRecommendation book, int bookIndex) {
        Node bookNode = evaluator.addParallel("book_" + bookIndex,
                "Book recommendation #" + (bookIndex + 1) + ": " + (truthy(book.title()) ? book.title() : "Unknown"),
                parentNode);

        // 1. Book completeness verification: check existence of required fields
        evaluator.addCustomNode(truthy(book.title()) && truthy(book.authors()) && truthy(book.turing_authors())
                        && truthy(book.goodreads_url()) && PyStr.lower(book.goodreads_url()).contains("goodreads.com"),
                "book_" + bookIndex + "_completeness_check",
                "Book #" + (bookIndex + 1) + " has title, author(s), Turing Award info, and Goodreads URL",
                bookNode, true);

        // Verify the Goodreads URL corresponds to the book
        Node goodreadsVerify = evaluator.addLeaf("book_" + bookIndex + "_goodreads_verify",
                "Goodreads URL corresponds to the book and authors", bookNode, true);

        String claim;
        if (truthy(book.title()) && truthy(book.authors())) {
            String authorsStr = String.join(", ", book.authors());
            claim = "The book " + book.title() + " has exactly authors " + authorsStr
                    + ", and no one else. This is directly supported on the goodreads page given for " + book.title() + ".";
        } else {
            claim = "Book information is missing";
        }

        evaluator.verify(claim, goodreadsVerify, Sources.urlOrNone(book.goodreads_url()),
                "The page should contain the book title and author information that matches what was claimed, and it "
                        + "should be obvious the book is from goodreads.");

        // 2. Turing Award verification - now for ALL Turing authors
        if (truthy(book.turing_authors())) {
            Node turingContainer = evaluator.addParallel("book_" + bookIndex + "_turing_authors",
                    "All Turing Award authors verification", bookNode, true);

            // Verify each Turing author
            for (int authorIdx = 0; authorIdx < book.turing_authors().size(); authorIdx++) {
                TuringAuthors turingAuthor = book.turing_authors().get(authorIdx);
                // Extract URLs for this specific Turing author
                List<String> turingUrls;
                if (truthy(turingAuthor.author_name()) && truthy(turingAuthor.award_year())) {
                    TuringUrls turingUrlsResult = evaluator.extract(
                            promptExtractTuringAwardUrls(turingAuthor.author_name(), turingAuthor.award_year()),
                            TuringUrls.class, "turing_urls_book_" + bookIndex + "_author_" + authorIdx);
                    turingUrls = turingUrlsResult.turing_award_urls();
                } else {
                    turingUrls = List.of();
                }

                verifyTuringAuthor(evaluator, turingContainer, turingAuthor, book.authors(), turingUrls, bookIndex,
                        authorIdx);
            }
        } else {
            // No Turing authors listed - create a failing node
            evaluator.addCustomNode(false, "book_" + bookIndex + "_no_turing_authors",
                    "No Turing Award authors listed for this book", bookNode, true);
        }

        // 3. Book type verification (general audience) - directly under book node
        Node bookTypeVerify = evaluator.addLeaf("book_" + bookIndex + "_general_audience",
                "Book is for general readers, not a textbook", bookNode, true);

        claim = "The book '" + PyRepr.str(book.title()) + "' is suitable for general readers. "
                + "It is not a textbook designed explicitly for use by students in academic courses, "
                + "nor is it an academic reference manual aimed primarily at researchers or professionals "
                + "with specialized technical knowledge.";

        evaluator.verify(claim, bookTypeVerify, Sources.urlOrNone(book.goodreads_url()),
                "The description of the book may not explicitly state that it is intended for general readers. "
                        + "Therefore, you should infer this based on the content. If the book description lacks heavy "
                        + "technical language, complex terminology, or highly specialized details aimed at a niche "
                        + "audience, it is likely meant for a general audience. Books that are not dense with academic "
                        + "jargon, industry-specific terms, or complex theoretical concepts are typically suitable for "
                        + "readers without specialized knowledge. While the description might not specifically mention "
                        + "the intended audience, you can assess the overall tone and complexity of the material to "
                        + "determine whether it is accessible to the general public.");

        // 4. AI topic verification - directly under book node
        Node aiTopicVerify = evaluator.addLeaf("book_" + bookIndex + "_ai_verify",
                "Book is about AI or closely related topic", bookNode, true);

        if (truthy(book.title())) {
            claim = "The book '" + book.title() + "' is about Artificial Intelligence (AI) or a closely related topic.";
        } else {
            claim = "Book title is missing";
        }

        String additionalInstruction = "\n"
                + "    To determine if a book is about AI or closely related topics:\n"
                + "    1. Artificial Intelligence (AI) includes machine learning, neural networks, natural language "
                + "processing, computer vision, robotics, expert systems, etc.\n"
                + "    2. Closely related topics include cognitive science, computational neuroscience, philosophy of mind "
                + "(as related to AI), data science (when focused on AI applications), and the societal impacts of AI.\n"
                + "    3. Consider the book's description, categories, and reviews to determine its primary focus.\n"
                + "    ";

        evaluator.verify(claim, aiTopicVerify, Sources.urlOrNone(book.goodreads_url()), additionalInstruction);
    }

    // ----------------------------------------------------------------------- main evaluation entry point

    /** The original's {@code evaluate_answer}. */
    static void evaluateAnswer(Evaluator evaluator, Variant variant) {
        // -------- 1. Initialize evaluator
        Node root = evaluator.initialize(TASK_ID, Strategy.PARALLEL, TASK_DESCRIPTION);

        // -------- 2. Extract book titles first, then details for each book
        BookTitles bookTitlesExtraction = evaluator.extract(promptExtractBookTitles(), BookTitles.class, "book_titles");

        // Remove duplicates (the recorded extraction keeps the extracted list)
        List<String> titles;
        if (variant.isFixed()) { // fix: duplicates removed in order of first appearance (the first five titles are evaluated)
            titles = new ArrayList<>(new LinkedHashSet<>(bookTitlesExtraction.titles()));
        } else { // released: list(set(titles)), in CPython's hash order for the run's PYTHONHASHSEED
            titles = evaluator.context().setOrder(bookTitlesExtraction.titles());
        }

        // Extract up to 5 books
        List<String> bookTitles = titles.subList(0, Math.min(5, titles.size()));

        // Step 2: Extract detailed information for each book individually
        List<BookRecommendation> books = new ArrayList<>();
        for (String title : bookTitles) {
            if (!PyWhitespace.strip(title).isEmpty()) { // Only process non-empty titles
                BookRecommendation bookDetail = evaluator.extract(promptExtractBookDetails(title),
                        BookRecommendation.class, "book_detail_" + head(title, 30)); // Truncate for name
                books.add(bookDetail);
            }
        }

        // Pad books to 5
        while (books.size() < 5) {
            books.add(new BookRecommendation(null, List.of(), List.of(), null));
        }

        // -------- 3. Build verification tree: each book directly under root
        for (int i = 0; i < books.size(); i++) {
            verifySingleBook(evaluator, root, books.get(i), i);
        }
    }

    // ----------------------------------------------------------------------- Python semantics

    /** {@code s[:n]}: the first n code points (Python slices str by code point). */
    static String head(String s, int n) {
        int count = s.codePointCount(0, s.length());
        return count <= n ? s : s.substring(0, s.offsetByCodePoints(0, n));
    }
}
