package dev.iolab.upload.web;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.http.HttpHeaders;

/**
 * The pieces every feature's OpenAPI description is built from, so that all routes describe names, problems and
 * their headers alike: the {@code name} path parameter, a query or header parameter, and the problem+json answers of
 * a list of {@link ProblemType}s, one response per status with one example per type, taken from the type itself.
 */
public final class ApiParts {

    /** The component name of the RFC 9457 problem schema. */
    public static final String PROBLEM_SCHEMA = "Problem";

    /** What a problem answer's media type is. */
    public static final String PROBLEM_JSON = org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE;

    /** The types of {@link BlobNames}' rules besides {@code invalid-name}, one per rule Azure names. */
    private static final List<ProblemType> NAME_RULES = List.of(
            WebProblem.NAME_TOO_LONG,
            WebProblem.NAME_TOO_DEEP,
            WebProblem.NAME_TRAILING_DOT_OR_SLASH,
            WebProblem.NAME_FORBIDDEN_CHARACTER,
            WebProblem.NAME_INVISIBLE_CHARACTER);

    private ApiParts() {}

    /** The blob name: the whole rest of the path after {@code /uploads/}, slashes included. */
    public static Parameter blobName() {
        return new Parameter()
                .in("path")
                .name("name")
                .required(true)
                .description("The blob name: everything after `/uploads/` (and before `/grant` or `/complete`),"
                        + " slashes included, percent-decoded as UTF-8. At most 1,024 characters and 254"
                        + " segments; no control, private-use or invisible characters, `\\`, `;`, U+FFFD, empty,"
                        + " `.` or `..` segments, and no trailing `.` or `/` (400, a type per rule: `invalid-name`,"
                        + " `name-too-long`, `name-too-deep`, `name-trailing-dot-or-slash`,"
                        + " `name-forbidden-character`, `name-invisible-character`).")
                .schema(schema("string").maxLength(BlobNames.MAX_LENGTH))
                .example("photos/2026/cat.jpg");
    }

    /** An optional query parameter of type string. */
    public static Parameter query(String name, String description, Schema<?> schema) {
        return new Parameter().in("query").name(name).description(description).schema(schema);
    }

    /** An optional request header of type string. */
    public static Parameter header(String name, String description) {
        return new Parameter().in("header").name(name).description(description).schema(schema("string"));
    }

    /**
     * A schema of one JSON type. OpenAPI 3.1 (what springdoc serves) writes a schema's {@code types}, 3.0 its
     * {@code type}; both are set.
     */
    public static Schema<Object> schema(String type) {
        return new Schema<>().type(type).typesItem(type);
    }

    /** A string schema. */
    public static Schema<Object> string() {
        return schema("string");
    }

    /** A response header of type string. */
    public static Header responseHeader(String description) {
        return new Header().description(description).schema(string());
    }

    /** A JSON body of the named component schema, with one example. */
    public static Content json(String schema, Object example) {
        return new Content()
                .addMediaType(
                        org.springframework.http.MediaType.APPLICATION_JSON_VALUE,
                        new MediaType().schema(reference(schema)).example(example));
    }

    /** A reference to a component schema. */
    public static Schema<?> reference(String schema) {
        return new Schema<>().$ref("#/components/schemas/" + schema);
    }

    /**
     * Adds the answers for {@code problems} to {@code operation}: one response per status, in status order, whose
     * examples are the problems' bodies as the service answers them (the {@code detail} of a type that answers its
     * own is illustrative), with {@code Retry-After} on capacity refusals and {@code WWW-Authenticate} on 401.
     * {@link WebProblem#INVALID_NAME} stands for every rule of {@link BlobNames}: a route that checks a name answers
     * each rule's own type, so each gets its example.
     *
     * @param instance the path the examples' {@code instance} names, as Spring fills it in from the request
     */
    public static Operation problems(Operation operation, String instance, List<? extends ProblemType> problems) {
        ApiResponses responses = operation.getResponses() != null ? operation.getResponses() : new ApiResponses();
        List<ProblemType> all = new ArrayList<>(problems);
        if (all.contains(WebProblem.INVALID_NAME)) {
            all.addAll(NAME_RULES);
        }
        Map<Integer, List<ProblemType>> byStatus =
                all.stream().collect(Collectors.groupingBy(p -> p.status().value(), TreeMap::new, Collectors.toList()));
        for (Map.Entry<Integer, List<ProblemType>> status : byStatus.entrySet()) {
            responses.addApiResponse(Integer.toString(status.getKey()), response(status.getValue(), instance));
        }
        return operation.responses(responses);
    }

    private static ApiResponse response(List<ProblemType> types, String instance) {
        MediaType media = new MediaType().schema(reference(PROBLEM_SCHEMA));
        List<String> titles = new ArrayList<>();
        for (ProblemType type : types) {
            titles.add("`" + type.slug() + "`: " + type.title());
            media.addExamples(type.slug(), new Example().summary(type.title()).value(body(type, instance)));
        }
        ApiResponse response = new ApiResponse()
                .description(String.join("; ", titles))
                .content(new Content().addMediaType(PROBLEM_JSON, media));
        if (types.stream().anyMatch(ProblemType::retryLater)) {
            response.addHeaderObject(
                    HttpHeaders.RETRY_AFTER,
                    responseHeader("Whole seconds to wait before sending again (`upload.retry-after`)."));
        }
        if (types.contains(WebProblem.UNAUTHORIZED)) {
            response.addHeaderObject(HttpHeaders.WWW_AUTHENTICATE, responseHeader("`Bearer`"));
        }
        return response;
    }

    private static Map<String, Object> body(ProblemType type, String instance) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", type.type().toString());
        body.put("title", type.title());
        body.put("status", type.status().value());
        body.put("detail", type.fixedDetail());
        body.put("instance", instance);
        return body;
    }

    /** RFC 9457's members as the service fills them. */
    static Schema<?> problemSchema() {
        return schema("object")
                .description("An RFC 9457 problem: every refusal and failure is answered with one.")
                .addProperty(
                        "type",
                        string().format("uri")
                                .description("Stable identifier of the cause, `https://iolab.dev/problems/<slug>`;"
                                        + " what clients match on."))
                .addProperty(
                        "title",
                        string().description("Short summary of the cause; the same for every answer of" + " its type."))
                .addProperty("status", schema("integer").format("int32").description("The HTTP status."))
                .addProperty(
                        "detail",
                        string().description("What happened to this request, for a human; never the"
                                + " service's insides (hosts, exception text)."))
                .addProperty("instance", string().format("uri").description("The request's path."))
                .required(List.of("type", "title", "status"));
    }
}
