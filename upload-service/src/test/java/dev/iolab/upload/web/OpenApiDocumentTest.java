package dev.iolab.upload.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.CommittedDoc;
import dev.iolab.upload.support.RunningServiceSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI document the service serves at {@code /v3/api-docs} is the committed {@code docs/openapi.json}, open to
 * callers without the API key, and describes every route and every problem type the code has.
 */
@TestPropertySource(
        properties = {
            "upload.api-key=" + OpenApiDocumentTest.KEY,
            "upload.container=openapi",
            "upload.temp-dir=target/upload-spool-openapi"
        })
class OpenApiDocumentTest extends RunningServiceSupport {

    static final String KEY = "openapi-test-key";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final CommittedDoc DOC = CommittedDoc.of("openapi.json", OpenApiDocumentTest.class);

    /** Every route of the controllers, as the document names them. */
    private static final Set<String> ROUTES = Set.of(
            "put /uploads/{name}",
            "post /uploads",
            "get /uploads/{name}",
            "head /uploads/{name}",
            "post /uploads/{name}/grant",
            "post /uploads/{name}/complete",
            "options /files/",
            "post /files/",
            "head /files/{id}",
            "patch /files/{id}",
            "post /files/{id}",
            "delete /files/{id}");

    @Test
    void theServedDocumentIsTheCommittedOneAndNeedsNoKey() throws Exception {
        HttpResponse<String> served = apiDocs();

        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
        assertThat(served.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        String committed = DOC.committed();
        DOC.check(
                served.body() + "\n",
                !committed.isEmpty() && JSON.readTree(served.body()).equals(JSON.readTree(committed)));
    }

    @Test
    void everyRouteIsDescribedWithItsAnswersAndTheKeyItNeeds() throws Exception {
        JsonNode document = JSON.readTree(apiDocs().body());

        Set<String> routes = new TreeSet<>();
        for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
            for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
                String route = operation.getKey() + " " + path.getKey();
                routes.add(route);
                JsonNode described = operation.getValue();
                assertThat(described.path("summary").asString()).as(route).isNotBlank();
                assertThat(described.path("description").asString()).as(route).isNotBlank();
                assertThat(described.path("operationId").asString()).as(route).isNotBlank();
                assertThat(described.path("responses").propertyNames())
                        .as(route)
                        .anyMatch(status -> status.startsWith("2"))
                        .contains("401", "500");
                if (!operation.getKey().equals("options")) {
                    // Every route but tus discovery reads something besides the key that it may refuse.
                    assertThat(described.path("responses").propertyNames())
                            .as(route)
                            .anyMatch(status -> status.startsWith("4") && !status.equals("401"));
                }
                for (JsonNode parameter : described.path("parameters")) {
                    assertThat(parameter.path("description").asString())
                            .as(route + " " + parameter.path("name").asString())
                            .isNotBlank();
                }
            }
        }
        // A route springdoc found but nobody described would show as a wildcard path or without a summary.
        assertThat(routes).isEqualTo(ROUTES);
        assertThat(document.path("security").get(0).has(ApiDocument.API_KEY_SCHEME))
                .isTrue();
    }

    @Test
    void everyProblemTypeOfTheCodeIsAnExampleOfSomeRoute() throws Exception {
        JsonNode document = JSON.readTree(apiDocs().body());

        Set<String> documented = new TreeSet<>();
        for (JsonNode example : document.findValues("examples")) {
            for (JsonNode each : example) {
                documented.add(each.path("value").path("type").asString());
            }
        }
        assertThat(documented).containsAll(problemTypesOfTheCode());
    }

    @Test
    void aRefusalIsAnsweredAsItsExampleShowsIt() throws Exception {
        HttpResponse<String> refused = http.send(
                HttpRequest.newBuilder(uri("/uploads/photos/2026/cat.jpg"))
                        .PUT(HttpRequest.BodyPublishers.ofString("x"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode example = JSON.readTree(apiDocs().body())
                .at("/paths/~1uploads~1{name}/put/responses/401/content/application~1problem+json/examples/unauthorized"
                        + "/value");

        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().firstValue("Content-Type")).hasValue(ApiParts.PROBLEM_JSON);
        JsonNode answered = JSON.readTree(refused.body());
        assertThat(answered.propertyNames()).containsExactlyInAnyOrderElementsOf(example.propertyNames());
        for (String member : List.of("type", "title", "status", "instance")) {
            assertThat(answered.get(member)).as(member).isEqualTo(example.get(member));
        }
    }

    @Test
    void aTusRefusalCarriesTheHeadersItsAnswerDescribes() throws Exception {
        HttpResponse<String> refused = http.send(
                HttpRequest.newBuilder(uri("/files/"))
                        .header("Authorization", "Bearer " + KEY)
                        .header("Upload-Length", "1")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode answer = JSON.readTree(apiDocs().body()).at("/paths/~1files~1/post/responses/412");

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(412);
        assertThat(answer.path("headers").propertyNames()).contains("Tus-Resumable", "Tus-Version");
        for (String header : answer.path("headers").propertyNames()) {
            assertThat(refused.headers().firstValue(header))
                    .as(header)
                    .hasValue(
                            answer.path("headers").path(header).path("example").asString());
        }
        JsonNode example = answer.at("/content/application~1problem+json/examples/tus-version/value");
        JsonNode answered = JSON.readTree(refused.body());
        for (String member : List.of("type", "title", "status", "instance")) {
            assertThat(answered.get(member)).as(member).isEqualTo(example.get(member));
        }
    }

    private HttpResponse<String> apiDocs() throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri("/v3/api-docs")).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The {@code type} URI of every constant of every {@link ProblemType} enum in the service's code. */
    private static List<String> problemTypesOfTheCode() throws ClassNotFoundException {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false) {
            @Override
            protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
                return definition.getMetadata().isIndependent();
            }
        };
        scanner.addIncludeFilter(new AssignableTypeFilter(ProblemType.class));
        List<String> types = new ArrayList<>();
        for (BeanDefinition found : scanner.findCandidateComponents("dev.iolab.upload")) {
            Class<?> type = Class.forName(found.getBeanClassName());
            if (type.isEnum()) {
                for (Object constant : type.getEnumConstants()) {
                    types.add(((ProblemType) constant).type().toString());
                }
            }
        }
        assertThat(types).as("problem types found").hasSizeGreaterThan(30);
        return types;
    }
}
