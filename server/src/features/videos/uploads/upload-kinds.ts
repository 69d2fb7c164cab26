import type { AppDeps } from '../../../app-deps';
import type { AuthUser } from '../../../plugins/auth';
import type { IngestedMedia } from '../ingest';

// What a resumable upload becomes is decided by its `kind` metadata. Each kind checks, at creation, that
// the caller may upload it (before any byte is stored), and turns the finished, validated mp4 into its
// object. Lecture videos live here; the questions feature registers kind=response for answer videos.

export type UploadMetadata = Record<string, string>;

export interface UploadKind {
  /**
   * Throws an HttpError (400/403/404) when `user` may not create this upload. Returns the metadata to keep:
   * only the fields the kind needs (SECURITY AC-10), never a client-chosen owner.
   */
  authorizeCreate(deps: AppDeps, user: AuthUser, metadata: UploadMetadata): Promise<UploadMetadata>;
  /**
   * Called once, when the last byte arrived and the file is stored (media_files row included). Returns
   * headers for the final response, such as the new object's id. May throw an HttpError.
   */
  complete(
    deps: AppDeps,
    user: AuthUser,
    media: IngestedMedia,
    metadata: UploadMetadata,
  ): Promise<Record<string, string>>;
}

const kinds = new Map<string, UploadKind>();

/** Registers (or replaces) the handler of an upload kind. Call while registering a feature. */
export function registerUploadKind(name: string, kind: UploadKind): void {
  kinds.set(name, kind);
}

export const uploadKind = (name: string | undefined): UploadKind | undefined =>
  name === undefined ? undefined : kinds.get(name);
