package dev.iolab.upload.web;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The frame of the OpenAPI document springdoc serves at {@code /v3/api-docs} (copy: {@code docs/openapi.json}): what
 * the API is, how a caller authenticates, the RFC 9457 problem schema every refusal uses. Each feature describes its
 * own routes and the problems they answer ({@code UploadApi}, {@code DownloadApi}, {@code ValetKeyApi},
 * {@code ResumableApi}) with {@link ApiParts}. Nothing in it depends on configuration, so every instance serves the
 * same document.
 */
@Configuration(proxyBeanMethods = false)
class ApiDocument {

    /** The name of the API key scheme the document's {@code security} refers to. */
    static final String API_KEY_SCHEME = "apiKey";

    private static final String WILDCARD = BlobNames.PREFIX + "**";
    private static final String NAMED = BlobNames.PREFIX + "{name}";

    private static final String DESCRIPTION = """
            Receives files over HTTP and stores them in Azure Blob Storage (or Azurite) with one of six upload \
            strategies, serves them back with `Range` support, lets clients send large files straight to \
            storage with a valet key (a grant, a `PUT` to the store, a completion), and takes resumable uploads over \
            tus 1.0 under `/files/` (a client whose connection drops asks how far it got and sends only the rest).

            **API key.** Every `/uploads` and `/files` route needs `Authorization: Bearer <key>` \
            (`upload.api-key`, or one key per client with `upload.api-keys.<client-name>`); without it the answer is \
            401 `unauthorized`. A service started with `upload.open=true` and no key (a local test stack) takes \
            every request. This document itself (`/v3/api-docs`) needs no key: it describes routes and answers, \
            nothing secret.

            **Answers.** Successes are JSON (or the blob's bytes for downloads, or tus headers and no body under \
            `/files/`); a request whose `Accept` excludes `application/json` on a route that answers JSON is refused \
            with 406 before its body is read. Every refusal and failure is RFC 9457 `application/problem+json` \
            whose `type` is a stable URI (`https://iolab.dev/problems/<slug>`); clients match on `type`, not on \
            `title` or `detail`. Capacity refusals (503, 429) carry `Retry-After`.

            **Names.** A blob name is everything after `/uploads/`, slashes included (`/uploads/a/b/c.bin` names \
            `a/b/c.bin`), percent-decoded as UTF-8; the `{name}` below stands for that whole rest of the path.""";

    @Bean
    OpenAPI uploadServiceApi() {
        return new OpenAPI()
                .info(new Info().title("iolab upload-service").version("1").description(DESCRIPTION))
                .addServersItem(new Server().url("/").description("the service that serves this document"))
                .components(new Components()
                        .addSecuritySchemes(
                                API_KEY_SCHEME,
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.HTTP)
                                        .scheme("bearer")
                                        .description("The key configured as `upload.api-key` or"
                                                + " `upload.api-keys.<client-name>`; a client that sends its own"
                                                + " named key is counted by that name in the per-client shares,"
                                                + " whatever its address."))
                        .addSchemas(ApiParts.PROBLEM_SCHEMA, ApiParts.problemSchema()))
                .addSecurityItem(new SecurityRequirement().addList(API_KEY_SCHEME));
    }

    /**
     * The routes that take a blob name map {@code /uploads/**}: the name may contain slashes, which no OpenAPI path
     * parameter can match. The document names them {@code /uploads/{name}} and gives each of their operations the
     * {@link ApiParts#blobName()} parameter (springdoc drops path parameters its route has no place for, so the
     * features cannot declare it themselves).
     */
    @Bean
    OpenApiCustomizer namedPaths() {
        return api -> {
            Paths renamed = new Paths();
            for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
                String name = path.getKey();
                if (name.equals(WILDCARD)) {
                    name = NAMED;
                    path.getValue().readOperations().forEach(ApiDocument::addBlobName);
                }
                renamed.addPathItem(name, path.getValue());
            }
            api.setPaths(renamed);
        };
    }

    private static void addBlobName(Operation operation) {
        List<Parameter> parameters = new ArrayList<>(List.of(ApiParts.blobName()));
        if (operation.getParameters() != null) {
            parameters.addAll(operation.getParameters());
        }
        operation.setParameters(parameters);
    }
}
