-- Inquiries, alerts and the site watch hardened against the third audit (anon key alone, requests
-- replayed as PostgREST runs them on PostgreSQL 15 with pg_cron):
--   * names and companies hold no invisible text: every default-ignorable, format (Cf) or unassigned
--     code point is refused (Unicode tag characters, variation selectors, U+17B4, U+FFF9, ...), and
--     each needs at least one letter or digit (combining marks alone are not a name). PostgreSQL 15's
--     regular expressions know no Unicode property, so private.is_visible_line spells the sets as
--     code point ranges written from JavaScript's \p{Default_Ignorable_Code_Point}, \p{Cf}, \p{Cn},
--     \p{L} and \p{N} (tests/support/unicode-classes.ts; a test holds them equal). A message may
--     hold such characters: the team's email shows each as [U+XXXX];
--   * nobody spends another person's allowance: the per-mailbox limit counts per mailbox and client
--     address, so +tags sent from one address cannot lock the mailbox's owner out. Gmail's dots and
--     googlemail.com name one mailbox;
--   * addresses are what they are: ::ffff:a.b.c.d counts as a.b.c.d, and cf-connecting-ip is read
--     only where private.inquiry_limits.trust_cf_connecting_ip says the proxy sets it (Supabase's
--     platform does; a self-hosted API or `supabase start` does not, and there a client writes it);
--   * only public https leaves the database: a host whose last label is digits or 0x hex is an IPv4
--     address to libcurl, so it is refused unless it reads as a public one; 6to4 (2002::/16), Teredo
--     (2001::/32) and site-local (fec0::/10) are refused; the site watch's site_url gets the same
--     check and may carry no query or fragment (either turned the watch's GET into one of any URL);
--   * no false "site behind": a build called after the maximum wait needs time to deploy, so the
--     site counts as stale only once it has been behind for max_wait plus build_allowance (a setting
--     in private.site_rebuild, 5 minutes);
--   * functions the project owner creates later are not executable by PUBLIC unless granted, so a
--     forgotten revoke opens nothing (Supabase's own grants to its API roles in public still apply).
--
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

alter table private.inquiry_limits
  add column if not exists trust_cf_connecting_ip boolean not null default true;

alter table private.site_rebuild
  add column if not exists build_allowance interval not null default interval '5 minutes';

-- The mailbox behind a write (its md5, never the address), for the per-mailbox limit.
alter table private.inquiry_writes add column if not exists mailbox text;

-- Names and companies ------------------------------------------------------------------------------

-- Whether a name or company shows what it holds: no default-ignorable, format or unassigned code
-- point, and at least one letter or digit. The ranges are written by tests/support/unicode-classes.ts.
create or replace function private.is_visible_line(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value !~ '[\u00ad\u034f\u0378-\u0379\u0380-\u0383\u038b\u038d\u03a2\u0530\u0557-\u0558\u058b-\u058c\u0590\u05c8-\u05cf\u05eb-\u05ee\u05f5-\u0605\u061c\u06dd\u070e-\u070f\u074b-\u074c\u07b2-\u07bf\u07fb-\u07fc\u082e-\u082f\u083f\u085c-\u085d\u085f\u086b-\u086f\u0890-\u0896\u08e2\u0984\u098d-\u098e\u0991-\u0992\u09a9\u09b1\u09b3-\u09b5\u09ba-\u09bb\u09c5-\u09c6\u09c9-\u09ca\u09cf-\u09d6\u09d8-\u09db\u09de\u09e4-\u09e5\u09ff-\u0a00\u0a04\u0a0b-\u0a0e\u0a11-\u0a12\u0a29\u0a31\u0a34\u0a37\u0a3a-\u0a3b\u0a3d\u0a43-\u0a46\u0a49-\u0a4a\u0a4e-\u0a50\u0a52-\u0a58\u0a5d\u0a5f-\u0a65\u0a77-\u0a80\u0a84\u0a8e\u0a92\u0aa9\u0ab1\u0ab4\u0aba-\u0abb\u0ac6\u0aca\u0ace-\u0acf\u0ad1-\u0adf\u0ae4-\u0ae5\u0af2-\u0af8\u0b00\u0b04\u0b0d-\u0b0e\u0b11-\u0b12\u0b29\u0b31\u0b34\u0b3a-\u0b3b\u0b45-\u0b46\u0b49-\u0b4a\u0b4e-\u0b54\u0b58-\u0b5b\u0b5e\u0b64-\u0b65\u0b78-\u0b81\u0b84\u0b8b-\u0b8d\u0b91\u0b96-\u0b98\u0b9b\u0b9d\u0ba0-\u0ba2\u0ba5-\u0ba7\u0bab-\u0bad\u0bba-\u0bbd\u0bc3-\u0bc5\u0bc9\u0bce-\u0bcf\u0bd1-\u0bd6\u0bd8-\u0be5\u0bfb-\u0bff\u0c0d\u0c11\u0c29\u0c3a-\u0c3b\u0c45\u0c49\u0c4e-\u0c54\u0c57\u0c5b\u0c5e-\u0c5f\u0c64-\u0c65\u0c70-\u0c76\u0c8d\u0c91\u0ca9\u0cb4\u0cba-\u0cbb\u0cc5\u0cc9\u0cce-\u0cd4\u0cd7-\u0cdb\u0cdf\u0ce4-\u0ce5\u0cf0\u0cf4-\u0cff\u0d0d\u0d11\u0d45\u0d49\u0d50-\u0d53\u0d64-\u0d65\u0d80\u0d84\u0d97-\u0d99\u0db2\u0dbc\u0dbe-\u0dbf\u0dc7-\u0dc9\u0dcb-\u0dce\u0dd5\u0dd7\u0de0-\u0de5\u0df0-\u0df1\u0df5-\u0e00\u0e3b-\u0e3e\u0e5c-\u0e80\u0e83\u0e85\u0e8b\u0ea4\u0ea6\u0ebe-\u0ebf\u0ec5\u0ec7\u0ecf\u0eda-\u0edb\u0ee0-\u0eff\u0f48\u0f6d-\u0f70\u0f98\u0fbd\u0fcd\u0fdb-\u0fff\u10c6\u10c8-\u10cc\u10ce-\u10cf\u115f-\u1160\u1249\u124e-\u124f\u1257\u1259\u125e-\u125f\u1289\u128e-\u128f\u12b1\u12b6-\u12b7\u12bf\u12c1\u12c6-\u12c7\u12d7\u1311\u1316-\u1317\u135b-\u135c\u137d-\u137f\u139a-\u139f\u13f6-\u13f7\u13fe-\u13ff\u169d-\u169f\u16f9-\u16ff\u1716-\u171e\u1737-\u173f\u1754-\u175f\u176d\u1771\u1774-\u177f\u17b4-\u17b5\u17de-\u17df\u17ea-\u17ef\u17fa-\u17ff\u180b-\u180f\u181a-\u181f\u1879-\u187f\u18ab-\u18af\u18f6-\u18ff\u191f\u192c-\u192f\u193c-\u193f\u1941-\u1943\u196e-\u196f\u1975-\u197f\u19ac-\u19af\u19ca-\u19cf\u19db-\u19dd\u1a1c-\u1a1d\u1a5f\u1a7d-\u1a7e\u1a8a-\u1a8f\u1a9a-\u1a9f\u1aae-\u1aaf\u1ade-\u1adf\u1aec-\u1aff\u1b4d\u1bf4-\u1bfb\u1c38-\u1c3a\u1c4a-\u1c4c\u1c8b-\u1c8f\u1cbb-\u1cbc\u1cc8-\u1ccf\u1cfb-\u1cff\u1f16-\u1f17\u1f1e-\u1f1f\u1f46-\u1f47\u1f4e-\u1f4f\u1f58\u1f5a\u1f5c\u1f5e\u1f7e-\u1f7f\u1fb5\u1fc5\u1fd4-\u1fd5\u1fdc\u1ff0-\u1ff1\u1ff5\u1fff\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2072-\u2073\u208f\u209d-\u209f\u20c2-\u20cf\u20f1-\u20ff\u218c-\u218f\u242a-\u243f\u244b-\u245f\u2b74-\u2b75\u2cf4-\u2cf8\u2d26\u2d28-\u2d2c\u2d2e-\u2d2f\u2d68-\u2d6e\u2d71-\u2d7e\u2d97-\u2d9f\u2da7\u2daf\u2db7\u2dbf\u2dc7\u2dcf\u2dd7\u2ddf\u2e5e-\u2e7f\u2e9a\u2ef4-\u2eff\u2fd6-\u2fef\u3040\u3097-\u3098\u3100-\u3104\u3130\u3164\u318f\u31e6-\u31ee\u321f\ua48d-\ua48f\ua4c7-\ua4cf\ua62c-\ua63f\ua6f8-\ua6ff\ua7dd-\ua7f0\ua82d-\ua82f\ua83a-\ua83f\ua878-\ua87f\ua8c6-\ua8cd\ua8da-\ua8df\ua954-\ua95e\ua97d-\ua97f\ua9ce\ua9da-\ua9dd\ua9ff\uaa37-\uaa3f\uaa4e-\uaa4f\uaa5a-\uaa5b\uaac3-\uaada\uaaf7-\uab00\uab07-\uab08\uab0f-\uab10\uab17-\uab1f\uab27\uab2f\uab6c-\uab6f\uabee-\uabef\uabfa-\uabff\ud7a4-\ud7af\ud7c7-\ud7ca\ud7fc-\ud7ff\ufa6e-\ufa6f\ufada-\ufaff\ufb07-\ufb12\ufb18-\ufb1c\ufb37\ufb3d\ufb3f\ufb42\ufb45\ufdd0-\ufdef\ufe00-\ufe0f\ufe1a-\ufe1f\ufe53\ufe67\ufe6c-\ufe6f\ufe75\ufefd-\uff00\uffa0\uffbf-\uffc1\uffc8-\uffc9\uffd0-\uffd1\uffd8-\uffd9\uffdd-\uffdf\uffe7\uffef-\ufffb\ufffe-\uffff\U0001000c\U00010027\U0001003b\U0001003e\U0001004e-\U0001004f\U0001005e-\U0001007f\U000100fb-\U000100ff\U00010103-\U00010106\U00010134-\U00010136\U0001018f\U0001019d-\U0001019f\U000101a1-\U000101cf\U000101fe-\U0001027f\U0001029d-\U0001029f\U000102d1-\U000102df\U000102fc-\U000102ff\U00010324-\U0001032c\U0001034b-\U0001034f\U0001037b-\U0001037f\U0001039e\U000103c4-\U000103c7\U000103d6-\U000103ff\U0001049e-\U0001049f\U000104aa-\U000104af\U000104d4-\U000104d7\U000104fc-\U000104ff\U00010528-\U0001052f\U00010564-\U0001056e\U0001057b\U0001058b\U00010593\U00010596\U000105a2\U000105b2\U000105ba\U000105bd-\U000105bf\U000105f4-\U000105ff\U00010737-\U0001073f\U00010756-\U0001075f\U00010768-\U0001077f\U00010786\U000107b1\U000107bb-\U000107ff\U00010806-\U00010807\U00010809\U00010836\U00010839-\U0001083b\U0001083d-\U0001083e\U00010856\U0001089f-\U000108a6\U000108b0-\U000108df\U000108f3\U000108f6-\U000108fa\U0001091c-\U0001091e\U0001093a-\U0001093e\U0001095a-\U0001097f\U000109b8-\U000109bb\U000109d0-\U000109d1\U00010a04\U00010a07-\U00010a0b\U00010a14\U00010a18\U00010a36-\U00010a37\U00010a3b-\U00010a3e\U00010a49-\U00010a4f\U00010a59-\U00010a5f\U00010aa0-\U00010abf\U00010ae7-\U00010aea\U00010af7-\U00010aff\U00010b36-\U00010b38\U00010b56-\U00010b57\U00010b73-\U00010b77\U00010b92-\U00010b98\U00010b9d-\U00010ba8\U00010bb0-\U00010bff\U00010c49-\U00010c7f\U00010cb3-\U00010cbf\U00010cf3-\U00010cf9\U00010d28-\U00010d2f\U00010d3a-\U00010d3f\U00010d66-\U00010d68\U00010d86-\U00010d8d\U00010d90-\U00010e5f\U00010e7f\U00010eaa\U00010eae-\U00010eaf\U00010eb2-\U00010ec1\U00010ec8-\U00010ecf\U00010ed9-\U00010ef9\U00010f28-\U00010f2f\U00010f5a-\U00010f6f\U00010f8a-\U00010faf\U00010fcc-\U00010fdf\U00010ff7-\U00010fff\U0001104e-\U00011051\U00011076-\U0001107e\U000110bd\U000110c3-\U000110cf\U000110e9-\U000110ef\U000110fa-\U000110ff\U00011135\U00011148-\U0001114f\U00011177-\U0001117f\U000111e0\U000111f5-\U000111ff\U00011212\U00011242-\U0001127f\U00011287\U00011289\U0001128e\U0001129e\U000112aa-\U000112af\U000112eb-\U000112ef\U000112fa-\U000112ff\U00011304\U0001130d-\U0001130e\U00011311-\U00011312\U00011329\U00011331\U00011334\U0001133a\U00011345-\U00011346\U00011349-\U0001134a\U0001134e-\U0001134f\U00011351-\U00011356\U00011358-\U0001135c\U00011364-\U00011365\U0001136d-\U0001136f\U00011375-\U0001137f\U0001138a\U0001138c-\U0001138d\U0001138f\U000113b6\U000113c1\U000113c3-\U000113c4\U000113c6\U000113cb\U000113d6\U000113d9-\U000113e0\U000113e3-\U000113ff\U0001145c\U00011462-\U0001147f\U000114c8-\U000114cf\U000114da-\U0001157f\U000115b6-\U000115b7\U000115de-\U000115ff\U00011645-\U0001164f\U0001165a-\U0001165f\U0001166d-\U0001167f\U000116ba-\U000116bf\U000116ca-\U000116cf\U000116e4-\U000116ff\U0001171b-\U0001171c\U0001172c-\U0001172f\U00011747-\U000117ff\U0001183c-\U0001189f\U000118f3-\U000118fe\U00011907-\U00011908\U0001190a-\U0001190b\U00011914\U00011917\U00011936\U00011939-\U0001193a\U00011947-\U0001194f\U0001195a-\U0001199f\U000119a8-\U000119a9\U000119d8-\U000119d9\U000119e5-\U000119ff\U00011a48-\U00011a4f\U00011aa3-\U00011aaf\U00011af9-\U00011aff\U00011b0a-\U00011b5f\U00011b68-\U00011bbf\U00011be2-\U00011bef\U00011bfa-\U00011bff\U00011c09\U00011c37\U00011c46-\U00011c4f\U00011c6d-\U00011c6f\U00011c90-\U00011c91\U00011ca8\U00011cb7-\U00011cff\U00011d07\U00011d0a\U00011d37-\U00011d39\U00011d3b\U00011d3e\U00011d48-\U00011d4f\U00011d5a-\U00011d5f\U00011d66\U00011d69\U00011d8f\U00011d92\U00011d99-\U00011d9f\U00011daa-\U00011daf\U00011ddc-\U00011ddf\U00011dea-\U00011edf\U00011ef9-\U00011eff\U00011f11\U00011f3b-\U00011f3d\U00011f5b-\U00011faf\U00011fb1-\U00011fbf\U00011ff2-\U00011ffe\U0001239a-\U000123ff\U0001246f\U00012475-\U0001247f\U00012544-\U00012f8f\U00012ff3-\U00012fff\U00013430-\U0001343f\U00013456-\U0001345f\U000143fb-\U000143ff\U00014647-\U000160ff\U0001613a-\U000167ff\U00016a39-\U00016a3f\U00016a5f\U00016a6a-\U00016a6d\U00016abf\U00016aca-\U00016acf\U00016aee-\U00016aef\U00016af6-\U00016aff\U00016b46-\U00016b4f\U00016b5a\U00016b62\U00016b78-\U00016b7c\U00016b90-\U00016d3f\U00016d7a-\U00016e3f\U00016e9b-\U00016e9f\U00016eb9-\U00016eba\U00016ed4-\U00016eff\U00016f4b-\U00016f4e\U00016f88-\U00016f8e\U00016fa0-\U00016fdf\U00016fe5-\U00016fef\U00016ff7-\U00016fff\U00018cd6-\U00018cfe\U00018d1f-\U00018d7f\U00018df3-\U0001afef\U0001aff4\U0001affc\U0001afff\U0001b123-\U0001b131\U0001b133-\U0001b14f\U0001b153-\U0001b154\U0001b156-\U0001b163\U0001b168-\U0001b16f\U0001b2fc-\U0001bbff\U0001bc6b-\U0001bc6f\U0001bc7d-\U0001bc7f\U0001bc89-\U0001bc8f\U0001bc9a-\U0001bc9b\U0001bca0-\U0001cbff\U0001ccfd-\U0001ccff\U0001ceb4-\U0001ceb9\U0001ced1-\U0001cedf\U0001cef1-\U0001ceff\U0001cf2e-\U0001cf2f\U0001cf47-\U0001cf4f\U0001cfc4-\U0001cfff\U0001d0f6-\U0001d0ff\U0001d127-\U0001d128\U0001d173-\U0001d17a\U0001d1eb-\U0001d1ff\U0001d246-\U0001d2bf\U0001d2d4-\U0001d2df\U0001d2f4-\U0001d2ff\U0001d357-\U0001d35f\U0001d379-\U0001d3ff\U0001d455\U0001d49d\U0001d4a0-\U0001d4a1\U0001d4a3-\U0001d4a4\U0001d4a7-\U0001d4a8\U0001d4ad\U0001d4ba\U0001d4bc\U0001d4c4\U0001d506\U0001d50b-\U0001d50c\U0001d515\U0001d51d\U0001d53a\U0001d53f\U0001d545\U0001d547-\U0001d549\U0001d551\U0001d6a6-\U0001d6a7\U0001d7cc-\U0001d7cd\U0001da8c-\U0001da9a\U0001daa0\U0001dab0-\U0001deff\U0001df1f-\U0001df24\U0001df2b-\U0001dfff\U0001e007\U0001e019-\U0001e01a\U0001e022\U0001e025\U0001e02b-\U0001e02f\U0001e06e-\U0001e08e\U0001e090-\U0001e0ff\U0001e12d-\U0001e12f\U0001e13e-\U0001e13f\U0001e14a-\U0001e14d\U0001e150-\U0001e28f\U0001e2af-\U0001e2bf\U0001e2fa-\U0001e2fe\U0001e300-\U0001e4cf\U0001e4fa-\U0001e5cf\U0001e5fb-\U0001e5fe\U0001e600-\U0001e6bf\U0001e6df\U0001e6f6-\U0001e6fd\U0001e700-\U0001e7df\U0001e7e7\U0001e7ec\U0001e7ef\U0001e7ff\U0001e8c5-\U0001e8c6\U0001e8d7-\U0001e8ff\U0001e94c-\U0001e94f\U0001e95a-\U0001e95d\U0001e960-\U0001ec70\U0001ecb5-\U0001ed00\U0001ed3e-\U0001edff\U0001ee04\U0001ee20\U0001ee23\U0001ee25-\U0001ee26\U0001ee28\U0001ee33\U0001ee38\U0001ee3a\U0001ee3c-\U0001ee41\U0001ee43-\U0001ee46\U0001ee48\U0001ee4a\U0001ee4c\U0001ee50\U0001ee53\U0001ee55-\U0001ee56\U0001ee58\U0001ee5a\U0001ee5c\U0001ee5e\U0001ee60\U0001ee63\U0001ee65-\U0001ee66\U0001ee6b\U0001ee73\U0001ee78\U0001ee7d\U0001ee7f\U0001ee8a\U0001ee9c-\U0001eea0\U0001eea4\U0001eeaa\U0001eebc-\U0001eeef\U0001eef2-\U0001efff\U0001f02c-\U0001f02f\U0001f094-\U0001f09f\U0001f0af-\U0001f0b0\U0001f0c0\U0001f0d0\U0001f0f6-\U0001f0ff\U0001f1ae-\U0001f1e5\U0001f203-\U0001f20f\U0001f23c-\U0001f23f\U0001f249-\U0001f24f\U0001f252-\U0001f25f\U0001f266-\U0001f2ff\U0001f6d9-\U0001f6db\U0001f6ed-\U0001f6ef\U0001f6fd-\U0001f6ff\U0001f7da-\U0001f7df\U0001f7ec-\U0001f7ef\U0001f7f1-\U0001f7ff\U0001f80c-\U0001f80f\U0001f848-\U0001f84f\U0001f85a-\U0001f85f\U0001f888-\U0001f88f\U0001f8ae-\U0001f8af\U0001f8bc-\U0001f8bf\U0001f8c2-\U0001f8cf\U0001f8d9-\U0001f8ff\U0001fa58-\U0001fa5f\U0001fa6e-\U0001fa6f\U0001fa7d-\U0001fa7f\U0001fa8b-\U0001fa8d\U0001fac7\U0001fac9-\U0001facc\U0001fadd-\U0001fade\U0001faeb-\U0001faee\U0001faf9-\U0001faff\U0001fb93\U0001fbfb-\U0001ffff\U0002a6e0-\U0002a6ff\U0002b81e-\U0002b81f\U0002ceae-\U0002ceaf\U0002ebe1-\U0002ebef\U0002ee5e-\U0002f7ff\U0002fa1e-\U0002ffff\U0003134b-\U0003134f\U0003347a-\U000effff\U000ffffe-\U000fffff\U0010fffe-\U0010ffff]'
    and value ~ '[\u0030-\u0039\u0041-\u005a\u0061-\u007a\u00aa\u00b2-\u00b3\u00b5\u00b9-\u00ba\u00bc-\u00be\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02c1\u02c6-\u02d1\u02e0-\u02e4\u02ec\u02ee\u0370-\u0374\u0376-\u0377\u037a-\u037d\u037f\u0386\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03f5\u03f7-\u0481\u048a-\u052f\u0531-\u0556\u0559\u0560-\u0588\u05d0-\u05ea\u05ef-\u05f2\u0620-\u064a\u0660-\u0669\u066e-\u066f\u0671-\u06d3\u06d5\u06e5-\u06e6\u06ee-\u06fc\u06ff\u0710\u0712-\u072f\u074d-\u07a5\u07b1\u07c0-\u07ea\u07f4-\u07f5\u07fa\u0800-\u0815\u081a\u0824\u0828\u0840-\u0858\u0860-\u086a\u0870-\u0887\u0889-\u088f\u08a0-\u08c9\u0904-\u0939\u093d\u0950\u0958-\u0961\u0966-\u096f\u0971-\u0980\u0985-\u098c\u098f-\u0990\u0993-\u09a8\u09aa-\u09b0\u09b2\u09b6-\u09b9\u09bd\u09ce\u09dc-\u09dd\u09df-\u09e1\u09e6-\u09f1\u09f4-\u09f9\u09fc\u0a05-\u0a0a\u0a0f-\u0a10\u0a13-\u0a28\u0a2a-\u0a30\u0a32-\u0a33\u0a35-\u0a36\u0a38-\u0a39\u0a59-\u0a5c\u0a5e\u0a66-\u0a6f\u0a72-\u0a74\u0a85-\u0a8d\u0a8f-\u0a91\u0a93-\u0aa8\u0aaa-\u0ab0\u0ab2-\u0ab3\u0ab5-\u0ab9\u0abd\u0ad0\u0ae0-\u0ae1\u0ae6-\u0aef\u0af9\u0b05-\u0b0c\u0b0f-\u0b10\u0b13-\u0b28\u0b2a-\u0b30\u0b32-\u0b33\u0b35-\u0b39\u0b3d\u0b5c-\u0b5d\u0b5f-\u0b61\u0b66-\u0b6f\u0b71-\u0b77\u0b83\u0b85-\u0b8a\u0b8e-\u0b90\u0b92-\u0b95\u0b99-\u0b9a\u0b9c\u0b9e-\u0b9f\u0ba3-\u0ba4\u0ba8-\u0baa\u0bae-\u0bb9\u0bd0\u0be6-\u0bf2\u0c05-\u0c0c\u0c0e-\u0c10\u0c12-\u0c28\u0c2a-\u0c39\u0c3d\u0c58-\u0c5a\u0c5c-\u0c5d\u0c60-\u0c61\u0c66-\u0c6f\u0c78-\u0c7e\u0c80\u0c85-\u0c8c\u0c8e-\u0c90\u0c92-\u0ca8\u0caa-\u0cb3\u0cb5-\u0cb9\u0cbd\u0cdc-\u0cde\u0ce0-\u0ce1\u0ce6-\u0cef\u0cf1-\u0cf2\u0d04-\u0d0c\u0d0e-\u0d10\u0d12-\u0d3a\u0d3d\u0d4e\u0d54-\u0d56\u0d58-\u0d61\u0d66-\u0d78\u0d7a-\u0d7f\u0d85-\u0d96\u0d9a-\u0db1\u0db3-\u0dbb\u0dbd\u0dc0-\u0dc6\u0de6-\u0def\u0e01-\u0e30\u0e32-\u0e33\u0e40-\u0e46\u0e50-\u0e59\u0e81-\u0e82\u0e84\u0e86-\u0e8a\u0e8c-\u0ea3\u0ea5\u0ea7-\u0eb0\u0eb2-\u0eb3\u0ebd\u0ec0-\u0ec4\u0ec6\u0ed0-\u0ed9\u0edc-\u0edf\u0f00\u0f20-\u0f33\u0f40-\u0f47\u0f49-\u0f6c\u0f88-\u0f8c\u1000-\u102a\u103f-\u1049\u1050-\u1055\u105a-\u105d\u1061\u1065-\u1066\u106e-\u1070\u1075-\u1081\u108e\u1090-\u1099\u10a0-\u10c5\u10c7\u10cd\u10d0-\u10fa\u10fc-\u1248\u124a-\u124d\u1250-\u1256\u1258\u125a-\u125d\u1260-\u1288\u128a-\u128d\u1290-\u12b0\u12b2-\u12b5\u12b8-\u12be\u12c0\u12c2-\u12c5\u12c8-\u12d6\u12d8-\u1310\u1312-\u1315\u1318-\u135a\u1369-\u137c\u1380-\u138f\u13a0-\u13f5\u13f8-\u13fd\u1401-\u166c\u166f-\u167f\u1681-\u169a\u16a0-\u16ea\u16ee-\u16f8\u1700-\u1711\u171f-\u1731\u1740-\u1751\u1760-\u176c\u176e-\u1770\u1780-\u17b3\u17d7\u17dc\u17e0-\u17e9\u17f0-\u17f9\u1810-\u1819\u1820-\u1878\u1880-\u1884\u1887-\u18a8\u18aa\u18b0-\u18f5\u1900-\u191e\u1946-\u196d\u1970-\u1974\u1980-\u19ab\u19b0-\u19c9\u19d0-\u19da\u1a00-\u1a16\u1a20-\u1a54\u1a80-\u1a89\u1a90-\u1a99\u1aa7\u1b05-\u1b33\u1b45-\u1b4c\u1b50-\u1b59\u1b83-\u1ba0\u1bae-\u1be5\u1c00-\u1c23\u1c40-\u1c49\u1c4d-\u1c7d\u1c80-\u1c8a\u1c90-\u1cba\u1cbd-\u1cbf\u1ce9-\u1cec\u1cee-\u1cf3\u1cf5-\u1cf6\u1cfa\u1d00-\u1dbf\u1e00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fbc\u1fbe\u1fc2-\u1fc4\u1fc6-\u1fcc\u1fd0-\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec\u1ff2-\u1ff4\u1ff6-\u1ffc\u2070-\u2071\u2074-\u2079\u207f-\u2089\u2090-\u209c\u2102\u2107\u210a-\u2113\u2115\u2119-\u211d\u2124\u2126\u2128\u212a-\u212d\u212f-\u2139\u213c-\u213f\u2145-\u2149\u214e\u2150-\u2189\u2460-\u249b\u24ea-\u24ff\u2776-\u2793\u2c00-\u2ce4\u2ceb-\u2cee\u2cf2-\u2cf3\u2cfd\u2d00-\u2d25\u2d27\u2d2d\u2d30-\u2d67\u2d6f\u2d80-\u2d96\u2da0-\u2da6\u2da8-\u2dae\u2db0-\u2db6\u2db8-\u2dbe\u2dc0-\u2dc6\u2dc8-\u2dce\u2dd0-\u2dd6\u2dd8-\u2dde\u2e2f\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3038-\u303c\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3105-\u312f\u3131-\u318e\u3192-\u3195\u31a0-\u31bf\u31f0-\u31ff\u3220-\u3229\u3248-\u324f\u3251-\u325f\u3280-\u3289\u32b1-\u32bf\u3400-\u4dbf\u4e00-\ua48c\ua4d0-\ua4fd\ua500-\ua60c\ua610-\ua62b\ua640-\ua66e\ua67f-\ua69d\ua6a0-\ua6ef\ua717-\ua71f\ua722-\ua788\ua78b-\ua7dc\ua7f1-\ua801\ua803-\ua805\ua807-\ua80a\ua80c-\ua822\ua830-\ua835\ua840-\ua873\ua882-\ua8b3\ua8d0-\ua8d9\ua8f2-\ua8f7\ua8fb\ua8fd-\ua8fe\ua900-\ua925\ua930-\ua946\ua960-\ua97c\ua984-\ua9b2\ua9cf-\ua9d9\ua9e0-\ua9e4\ua9e6-\ua9fe\uaa00-\uaa28\uaa40-\uaa42\uaa44-\uaa4b\uaa50-\uaa59\uaa60-\uaa76\uaa7a\uaa7e-\uaaaf\uaab1\uaab5-\uaab6\uaab9-\uaabd\uaac0\uaac2\uaadb-\uaadd\uaae0-\uaaea\uaaf2-\uaaf4\uab01-\uab06\uab09-\uab0e\uab11-\uab16\uab20-\uab26\uab28-\uab2e\uab30-\uab5a\uab5c-\uab69\uab70-\uabe2\uabf0-\uabf9\uac00-\ud7a3\ud7b0-\ud7c6\ud7cb-\ud7fb\uf900-\ufa6d\ufa70-\ufad9\ufb00-\ufb06\ufb13-\ufb17\ufb1d\ufb1f-\ufb28\ufb2a-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44\ufb46-\ufbb1\ufbd3-\ufd3d\ufd50-\ufd8f\ufd92-\ufdc7\ufdf0-\ufdfb\ufe70-\ufe74\ufe76-\ufefc\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\uffbe\uffc2-\uffc7\uffca-\uffcf\uffd2-\uffd7\uffda-\uffdc\U00010000-\U0001000b\U0001000d-\U00010026\U00010028-\U0001003a\U0001003c-\U0001003d\U0001003f-\U0001004d\U00010050-\U0001005d\U00010080-\U000100fa\U00010107-\U00010133\U00010140-\U00010178\U0001018a-\U0001018b\U00010280-\U0001029c\U000102a0-\U000102d0\U000102e1-\U000102fb\U00010300-\U00010323\U0001032d-\U0001034a\U00010350-\U00010375\U00010380-\U0001039d\U000103a0-\U000103c3\U000103c8-\U000103cf\U000103d1-\U000103d5\U00010400-\U0001049d\U000104a0-\U000104a9\U000104b0-\U000104d3\U000104d8-\U000104fb\U00010500-\U00010527\U00010530-\U00010563\U00010570-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595\U00010597-\U000105a1\U000105a3-\U000105b1\U000105b3-\U000105b9\U000105bb-\U000105bc\U000105c0-\U000105f3\U00010600-\U00010736\U00010740-\U00010755\U00010760-\U00010767\U00010780-\U00010785\U00010787-\U000107b0\U000107b2-\U000107ba\U00010800-\U00010805\U00010808\U0001080a-\U00010835\U00010837-\U00010838\U0001083c\U0001083f-\U00010855\U00010858-\U00010876\U00010879-\U0001089e\U000108a7-\U000108af\U000108e0-\U000108f2\U000108f4-\U000108f5\U000108fb-\U0001091b\U00010920-\U00010939\U00010940-\U00010959\U00010980-\U000109b7\U000109bc-\U000109cf\U000109d2-\U00010a00\U00010a10-\U00010a13\U00010a15-\U00010a17\U00010a19-\U00010a35\U00010a40-\U00010a48\U00010a60-\U00010a7e\U00010a80-\U00010a9f\U00010ac0-\U00010ac7\U00010ac9-\U00010ae4\U00010aeb-\U00010aef\U00010b00-\U00010b35\U00010b40-\U00010b55\U00010b58-\U00010b72\U00010b78-\U00010b91\U00010ba9-\U00010baf\U00010c00-\U00010c48\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U00010cfa-\U00010d23\U00010d30-\U00010d39\U00010d40-\U00010d65\U00010d6f-\U00010d85\U00010e60-\U00010e7e\U00010e80-\U00010ea9\U00010eb0-\U00010eb1\U00010ec2-\U00010ec7\U00010f00-\U00010f27\U00010f30-\U00010f45\U00010f51-\U00010f54\U00010f70-\U00010f81\U00010fb0-\U00010fcb\U00010fe0-\U00010ff6\U00011003-\U00011037\U00011052-\U0001106f\U00011071-\U00011072\U00011075\U00011083-\U000110af\U000110d0-\U000110e8\U000110f0-\U000110f9\U00011103-\U00011126\U00011136-\U0001113f\U00011144\U00011147\U00011150-\U00011172\U00011176\U00011183-\U000111b2\U000111c1-\U000111c4\U000111d0-\U000111da\U000111dc\U000111e1-\U000111f4\U00011200-\U00011211\U00011213-\U0001122b\U0001123f-\U00011240\U00011280-\U00011286\U00011288\U0001128a-\U0001128d\U0001128f-\U0001129d\U0001129f-\U000112a8\U000112b0-\U000112de\U000112f0-\U000112f9\U00011305-\U0001130c\U0001130f-\U00011310\U00011313-\U00011328\U0001132a-\U00011330\U00011332-\U00011333\U00011335-\U00011339\U0001133d\U00011350\U0001135d-\U00011361\U00011380-\U00011389\U0001138b\U0001138e\U00011390-\U000113b5\U000113b7\U000113d1\U000113d3\U00011400-\U00011434\U00011447-\U0001144a\U00011450-\U00011459\U0001145f-\U00011461\U00011480-\U000114af\U000114c4-\U000114c5\U000114c7\U000114d0-\U000114d9\U00011580-\U000115ae\U000115d8-\U000115db\U00011600-\U0001162f\U00011644\U00011650-\U00011659\U00011680-\U000116aa\U000116b8\U000116c0-\U000116c9\U000116d0-\U000116e3\U00011700-\U0001171a\U00011730-\U0001173b\U00011740-\U00011746\U00011800-\U0001182b\U000118a0-\U000118f2\U000118ff-\U00011906\U00011909\U0001190c-\U00011913\U00011915-\U00011916\U00011918-\U0001192f\U0001193f\U00011941\U00011950-\U00011959\U000119a0-\U000119a7\U000119aa-\U000119d0\U000119e1\U000119e3\U00011a00\U00011a0b-\U00011a32\U00011a3a\U00011a50\U00011a5c-\U00011a89\U00011a9d\U00011ab0-\U00011af8\U00011bc0-\U00011be0\U00011bf0-\U00011bf9\U00011c00-\U00011c08\U00011c0a-\U00011c2e\U00011c40\U00011c50-\U00011c6c\U00011c72-\U00011c8f\U00011d00-\U00011d06\U00011d08-\U00011d09\U00011d0b-\U00011d30\U00011d46\U00011d50-\U00011d59\U00011d60-\U00011d65\U00011d67-\U00011d68\U00011d6a-\U00011d89\U00011d98\U00011da0-\U00011da9\U00011db0-\U00011ddb\U00011de0-\U00011de9\U00011ee0-\U00011ef2\U00011f02\U00011f04-\U00011f10\U00011f12-\U00011f33\U00011f50-\U00011f59\U00011fb0\U00011fc0-\U00011fd4\U00012000-\U00012399\U00012400-\U0001246e\U00012480-\U00012543\U00012f90-\U00012ff0\U00013000-\U0001342f\U00013441-\U00013446\U00013460-\U000143fa\U00014400-\U00014646\U00016100-\U0001611d\U00016130-\U00016139\U00016800-\U00016a38\U00016a40-\U00016a5e\U00016a60-\U00016a69\U00016a70-\U00016abe\U00016ac0-\U00016ac9\U00016ad0-\U00016aed\U00016b00-\U00016b2f\U00016b40-\U00016b43\U00016b50-\U00016b59\U00016b5b-\U00016b61\U00016b63-\U00016b77\U00016b7d-\U00016b8f\U00016d40-\U00016d6c\U00016d70-\U00016d79\U00016e40-\U00016e96\U00016ea0-\U00016eb8\U00016ebb-\U00016ed3\U00016f00-\U00016f4a\U00016f50\U00016f93-\U00016f9f\U00016fe0-\U00016fe1\U00016fe3\U00016ff2-\U00016ff6\U00017000-\U00018cd5\U00018cff-\U00018d1e\U00018d80-\U00018df2\U0001aff0-\U0001aff3\U0001aff5-\U0001affb\U0001affd-\U0001affe\U0001b000-\U0001b122\U0001b132\U0001b150-\U0001b152\U0001b155\U0001b164-\U0001b167\U0001b170-\U0001b2fb\U0001bc00-\U0001bc6a\U0001bc70-\U0001bc7c\U0001bc80-\U0001bc88\U0001bc90-\U0001bc99\U0001ccf0-\U0001ccf9\U0001d2c0-\U0001d2d3\U0001d2e0-\U0001d2f3\U0001d360-\U0001d378\U0001d400-\U0001d454\U0001d456-\U0001d49c\U0001d49e-\U0001d49f\U0001d4a2\U0001d4a5-\U0001d4a6\U0001d4a9-\U0001d4ac\U0001d4ae-\U0001d4b9\U0001d4bb\U0001d4bd-\U0001d4c3\U0001d4c5-\U0001d505\U0001d507-\U0001d50a\U0001d50d-\U0001d514\U0001d516-\U0001d51c\U0001d51e-\U0001d539\U0001d53b-\U0001d53e\U0001d540-\U0001d544\U0001d546\U0001d54a-\U0001d550\U0001d552-\U0001d6a5\U0001d6a8-\U0001d6c0\U0001d6c2-\U0001d6da\U0001d6dc-\U0001d6fa\U0001d6fc-\U0001d714\U0001d716-\U0001d734\U0001d736-\U0001d74e\U0001d750-\U0001d76e\U0001d770-\U0001d788\U0001d78a-\U0001d7a8\U0001d7aa-\U0001d7c2\U0001d7c4-\U0001d7cb\U0001d7ce-\U0001d7ff\U0001df00-\U0001df1e\U0001df25-\U0001df2a\U0001e030-\U0001e06d\U0001e100-\U0001e12c\U0001e137-\U0001e13d\U0001e140-\U0001e149\U0001e14e\U0001e290-\U0001e2ad\U0001e2c0-\U0001e2eb\U0001e2f0-\U0001e2f9\U0001e4d0-\U0001e4eb\U0001e4f0-\U0001e4f9\U0001e5d0-\U0001e5ed\U0001e5f0-\U0001e5fa\U0001e6c0-\U0001e6de\U0001e6e0-\U0001e6e2\U0001e6e4-\U0001e6e5\U0001e6e7-\U0001e6ed\U0001e6f0-\U0001e6f4\U0001e6fe-\U0001e6ff\U0001e7e0-\U0001e7e6\U0001e7e8-\U0001e7eb\U0001e7ed-\U0001e7ee\U0001e7f0-\U0001e7fe\U0001e800-\U0001e8c4\U0001e8c7-\U0001e8cf\U0001e900-\U0001e943\U0001e94b\U0001e950-\U0001e959\U0001ec71-\U0001ecab\U0001ecad-\U0001ecaf\U0001ecb1-\U0001ecb4\U0001ed01-\U0001ed2d\U0001ed2f-\U0001ed3d\U0001ee00-\U0001ee03\U0001ee05-\U0001ee1f\U0001ee21-\U0001ee22\U0001ee24\U0001ee27\U0001ee29-\U0001ee32\U0001ee34-\U0001ee37\U0001ee39\U0001ee3b\U0001ee42\U0001ee47\U0001ee49\U0001ee4b\U0001ee4d-\U0001ee4f\U0001ee51-\U0001ee52\U0001ee54\U0001ee57\U0001ee59\U0001ee5b\U0001ee5d\U0001ee5f\U0001ee61-\U0001ee62\U0001ee64\U0001ee67-\U0001ee6a\U0001ee6c-\U0001ee72\U0001ee74-\U0001ee77\U0001ee79-\U0001ee7c\U0001ee7e\U0001ee80-\U0001ee89\U0001ee8b-\U0001ee9b\U0001eea1-\U0001eea3\U0001eea5-\U0001eea9\U0001eeab-\U0001eebb\U0001f100-\U0001f10c\U0001fbf0-\U0001fbf9\U00020000-\U0002a6df\U0002a700-\U0002b81d\U0002b820-\U0002cead\U0002ceb0-\U0002ebe0\U0002ebf0-\U0002ee5d\U0002f800-\U0002fa1d\U00030000-\U0003134a\U00031350-\U00033479]';
$$;

comment on function private.is_visible_line(text) is
  'Whether a name or company holds no default-ignorable, format or unassigned code point and at least one letter or digit.';

-- The rules call it, so whoever may insert may run it: a pure test of one text.
revoke execute on function private.is_visible_line(text) from public;
grant execute on function private.is_visible_line(text) to anon, authenticated, service_role;

-- NOT VALID over a table that holds rows (20261123000200_contact_submissions.sql explains).
do $rules$
declare
  rule record;
  has_rows boolean;
begin
  for rule in
    select r.name, r.expression
    from (values
      ('contact_submissions_name_visible', 'private.is_visible_line(name)'),
      ('contact_submissions_company_visible', $$company is null or company = '' or private.is_visible_line(company)$$)
    ) as r(name, expression)
    where not exists (
      select from pg_catalog.pg_constraint c
      where c.conrelid = 'public.contact_submissions'::regclass and c.conname = r.name
    )
  loop
    lock table public.contact_submissions in access exclusive mode;
    select exists (select from public.contact_submissions) into has_rows;
    execute format(
      'alter table public.contact_submissions add constraint %I check (%s)%s',
      rule.name, rule.expression, case when has_rows then ' not valid' else '' end
    );
  end loop;
end
$rules$;

-- Who is counting ---------------------------------------------------------------------------------

-- The mailbox an address delivers to, for counting (20261126000100_inquiry_hardening.sql): the
-- `+tag` off, all in lower case, and for Gmail the dots off and googlemail.com as gmail.com.
create or replace function private.inquiry_mailbox(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when pg_catalog.substring(m.address, '@([^@]*)$') in ('gmail.com', 'googlemail.com')
              then pg_catalog.replace(pg_catalog.substring(m.address, '^(.*)@[^@]*$'), '.', '') || '@gmail.com'
              else m.address end
  from (select pg_catalog.lower(pg_catalog.regexp_replace(email, '\+[^@]*(@[^@]*)$', '\1')) as address) as m;
$$;

-- The client address (20261125001000_inquiry_limits_per_row.sql): cf-connecting-ip where the
-- settings say the proxy sets it, else the last X-Forwarded-For entry, the one the nearest proxy
-- appended. An IPv4-mapped IPv6 address counts as the IPv4 address it carries; other IPv6 addresses
-- per /64. No valid address counts against one shared bucket.
create or replace function private.inquiry_client(headers jsonb)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  trusted boolean := coalesce((select l.trust_cf_connecting_ip from private.inquiry_limits as l limit 1), true);
  candidate text := pg_catalog.btrim(coalesce(
    case when trusted then nullif(pg_catalog.btrim(headers ->> 'cf-connecting-ip'), '') end,
    pg_catalog.split_part(headers ->> 'x-forwarded-for', ',', -1)
  ));
  address inet;
begin
  begin
    address := candidate::inet;
  exception when others then
    return 'unknown';
  end;
  if address is null then
    return 'unknown';
  end if;
  if pg_catalog.family(address) = 6 and address <<= '::ffff:0:0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  return case
    when pg_catalog.family(address) = 6 then pg_catalog.network(pg_catalog.set_masklen(address, 64))::text
    else pg_catalog.host(address)
  end;
end;
$$;

-- Admission (20261126000100_inquiry_hardening.sql), the per-mailbox limit now per mailbox and
-- client address: the writes are kept for the longer of the two windows, each limit counting its own.
create or replace function private.admit_inquiry(client text, email text, verified boolean)
returns void
language plpgsql
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  client_network text := private.inquiry_network(client);
  client_mailbox text := pg_catalog.md5(private.inquiry_mailbox(email));
  recent integer;
begin
  select * into limits from private.inquiry_limits;
  -- One admission at a time (20261125001000_inquiry_limits_per_row.sql says why).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_admission'));
  delete from private.inquiry_writes as w
  where w.at < now() - greatest(limits.insert_window, limits.email_insert_window);

  select count(*) into recent from private.inquiry_writes as w
  where w.client = admit_inquiry.client and w.at >= now() - limits.insert_window;
  if recent >= limits.inserts_per_address then
    perform private.refuse_inquiry(
      'Too many inquiries from this address',
      pg_catalog.format('At most %s inquiries per address in %s.', limits.inserts_per_address, private.inquiry_duration(limits.insert_window)),
      'Try again in a few minutes.');
  end if;

  if not verified and client_network is not null then
    select count(*) into recent from private.inquiry_writes as w
    where w.network = client_network and w.at >= now() - limits.insert_window;
    if recent >= limits.inserts_per_network then
      perform private.refuse_inquiry(
        'Too many inquiries from this network',
        pg_catalog.format('At most %s inquiries per IPv6 /48 in %s.', limits.inserts_per_network, private.inquiry_duration(limits.insert_window)),
        'Try again in a few minutes.');
    end if;
  end if;

  select count(*) into recent from private.inquiry_writes as w
  where w.mailbox = client_mailbox and w.client = admit_inquiry.client and w.at >= now() - limits.email_insert_window;
  if recent >= limits.inserts_per_email then
    perform private.refuse_inquiry(
      'Too many inquiries from this email address',
      pg_catalog.format('At most %s inquiries per email address in %s.', limits.inserts_per_email, private.inquiry_duration(limits.email_insert_window)),
      'Try again later.');
  end if;

  if not verified then
    select count(*) into recent from public.contact_submissions as s
    where s.notified_at is null and s.notify_failed_at is null and s.notify_verified_at is null
      and (limits.sweep_rows_since is null or s.created_at >= limits.sweep_rows_since);
    if recent >= limits.pending_max then
      perform pg_catalog.nextval('private.inquiry_refusals_pending');
      raise sqlstate 'PT503' using
        message = 'Too many inquiries waiting to be sent',
        detail = pg_catalog.format('At most %s inquiries may wait for delivery.', limits.pending_max),
        hint = 'Not this visitor''s doing: try again later, or write to the team by email.';
    end if;

    select count(*) into recent from private.inquiry_writes as w where w.at >= now() - limits.insert_window;
    if recent >= limits.inserts_overall then
      perform pg_catalog.nextval('private.inquiry_refusals_overall');
      raise sqlstate 'PT503' using
        message = 'Too many inquiries right now',
        detail = pg_catalog.format('At most %s inquiries from all visitors in %s.', limits.inserts_overall, private.inquiry_duration(limits.insert_window)),
        hint = 'Not this visitor''s doing: try again later, or write to the team by email.';
    end if;
  end if;

  insert into private.inquiry_writes (client, network, mailbox) values (admit_inquiry.client, client_network, client_mailbox);
end;
$$;

revoke execute on function
  private.inquiry_mailbox(text),
  private.inquiry_client(jsonb),
  private.admit_inquiry(text, text, boolean)
  from public;

-- Public https only ------------------------------------------------------------------------------

-- Whether a URL may leave the database (20261126000200_inquiry_alerts_public_https.sql): now also
-- no name that libcurl reads as an IPv4 address (a last label of digits or 0x hex: 0x7f.0x1,
-- 127.0.0.0x1), and no 6to4, Teredo or site-local IPv6 address.
create or replace function private.is_public_https_url(url text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  authority text;
  host text;
  address inet;
begin
  if url is null or url !~* '^https://[^/?#\\[:space:][:cntrl:]]' or url ~ '[\\[:space:][:cntrl:]]' then
    return false;
  end if;
  authority := pg_catalog.split_part(pg_catalog.substr(url, 9), '/', 1);
  authority := pg_catalog.split_part(authority, '?', 1);
  authority := pg_catalog.split_part(authority, '#', 1);
  -- What stands before the last @ is user information, not the host.
  authority := pg_catalog.regexp_replace(authority, '^.*@', '');
  if authority ~ '^\[' then
    host := pg_catalog.substring(authority, '^\[([^]]*)\](:[0-9]*)?$');
  else
    host := pg_catalog.substring(authority, '^([^:]*)(:[0-9]*)?$');
  end if;
  host := pg_catalog.rtrim(pg_catalog.lower(host), '.');
  if coalesce(host, '') = '' then
    return false;
  end if;
  begin
    address := host::inet;
  exception when others then
    address := null;
  end;
  if address is null then
    return host ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$'
      and pg_catalog.split_part(host, '.', -1) !~ '^([0-9]+|0x[0-9a-f]*)$'
      and host !~ '(^|\.)(localhost|local|internal|localdomain)$';
  end if;
  return pg_catalog.masklen(address) = case pg_catalog.family(address) when 4 then 32 else 128 end
    and not address <<= any (array[
      '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12',
      '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/4', '240.0.0.0/4',
      '::/96', '::ffff:0:0/96', '64:ff9b::/96', '64:ff9b:1::/48', '2001::/32', '2002::/16',
      'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8'
    ]::inet[]);
end;
$$;

comment on function private.is_public_https_url(text) is
  'Whether a URL may leave the database: https, and no literal (or libcurl-read IPv4) loopback, private, link-local, tunnel or unique-local host.';

revoke execute on function private.is_public_https_url(text) from public;

-- The site watch -----------------------------------------------------------------------------------

-- What a site built from `site_revision` shows (20261126001100_site_live_watch.sql): stale only
-- once it has been behind for max_wait plus build_allowance, the time the build that max_wait forces
-- takes to deploy.
create or replace function private.site_live_state(site_revision bigint)
returns table (
  state text,
  revision bigint,
  live_revision bigint,
  edits_since bigint,
  live_saved_at timestamptz,
  behind_since timestamptz,
  max_wait interval
)
language sql
stable
set search_path = ''
as $$
  with present as (
    select r.revision, r.changed_at,
           coalesce((select b.max_wait from private.site_rebuild as b where b.id), interval '10 minutes') as max_wait,
           coalesce((select b.build_allowance from private.site_rebuild as b where b.id), interval '5 minutes') as build_allowance
    from private.content_revision as r
    where r.id
  ),
  missing as (
    select case when site_live_state.site_revision >= c.revision then null
                else coalesce((select min(h.changed_at) from private.content_revision_history as h
                               where h.revision > site_live_state.site_revision), c.changed_at) end as since
    from present as c
  )
  select case when m.since is null then 'live'
              when m.since <= pg_catalog.now() - c.max_wait - c.build_allowance then 'stale'
              else 'pending' end,
         c.revision,
         site_live_state.site_revision,
         greatest(c.revision - site_live_state.site_revision, 0),
         (select h.changed_at from private.content_revision_history as h where h.revision = site_live_state.site_revision),
         m.since,
         c.max_wait
  from present as c, missing as m;
$$;

-- The job (20261126001100_site_live_watch.sql), asking only a public https site_url.
create or replace function private.watch_live_site()
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  site text := private.vault_secret('site_url');
  webhook text := private.vault_secret('inquiry_alert_webhook_url');
  watch private.site_watch;
  answer record;
  live record;
  payload jsonb;
  request_id bigint;
  failure text;
  posted boolean := false;
begin
  if coalesce(pg_catalog.btrim(site), '') = '' then
    return false;
  end if;
  select * into watch from private.site_watch where id for update;

  -- The watch GETs only a public https site, whose address the page data's path is appended to.
  if not private.is_public_https_url(pg_catalog.btrim(site)) or site ~ '[?#]' then
    raise warning 'site watch: site_url in Vault is not a public https URL without query or fragment';
    update private.site_watch as w
    set request_id = null, checked_at = pg_catalog.now(),
        check_error = 'site_url in Vault is not a public https URL without query or fragment'
    where w.id;
    return false;
  end if;

  -- 1. The answer to the previous run's request, once pg_net has it.
  if watch.request_id is not null then
    select r.status_code, r.content, r.error_msg, r.timed_out into answer
    from net._http_response as r where r.id = watch.request_id;
    if found then
      begin
        watch.live_revision := private.page_data_revision(answer.status_code, answer.content);
        watch.check_error := null;
      exception when others then
        watch.check_error := coalesce(nullif(answer.error_msg, ''), sqlerrm);
      end;
      watch.checked_at := pg_catalog.now();
      watch.request_id := null;
    elsif watch.requested_at < pg_catalog.now() - interval '5 minutes' then
      watch.check_error := 'the live page data did not answer within 5 minutes';
      watch.checked_at := pg_catalog.now();
      watch.request_id := null;
    end if;
  end if;

  -- 2. The next question, answered by the next run. no-cache: a CDN copy would hide a new deploy.
  if watch.request_id is null then
    begin
      watch.request_id := net.http_get(
        url := private.site_page_data_url(site),
        headers := '{"Cache-Control": "no-cache"}'::jsonb,
        timeout_milliseconds := 10000
      );
      watch.requested_at := pg_catalog.now();
    exception when others then
      raise warning 'site watch: the live page data could not be asked for: %', sqlerrm;
      watch.check_error := sqlerrm;
    end;
  end if;

  -- 3. One alert while the site is stale, at most once per alert_interval. Only a fresh answer
  -- counts: an old one may describe a site that has since caught up.
  if watch.live_revision is not null and watch.check_error is null and watch.checked_at > pg_catalog.now() - interval '5 minutes' then
    select * into live from private.site_live_state(watch.live_revision);
    if live.state = 'stale' and coalesce(webhook, '') <> ''
       and (watch.alerted_at is null
            or watch.alerted_at <= pg_catalog.now() - (select l.alert_interval from private.inquiry_limits as l limit 1)) then
      payload := pg_catalog.jsonb_build_object(
        'text', pg_catalog.format(
          'Website: the live site shows the content of %s and has been behind the database since %s (%s %s since): '
          'the last build may have failed, look at the host''s deploys. Run `npm run doctor` for the whole picture.',
          coalesce(private.alert_time(live.live_saved_at), 'revision ' || live.live_revision), private.alert_time(live.behind_since),
          live.edits_since, case when live.edits_since = 1 then 'edit' else 'edits' end),
        'cause', 'site behind',
        'count', live.edits_since,
        'since', live.behind_since,
        'project', private.vault_secret('project_url')
      );
      payload := payload || pg_catalog.jsonb_build_object('content', payload ->> 'text');
      -- Alerts go only to a public https webhook (20261126000200_inquiry_alerts_public_https.sql).
      if not private.is_public_https_url(pg_catalog.btrim(webhook)) then
        raise warning 'site behind alert not sent: inquiry_alert_webhook_url in Vault is not a public https URL';
        request_id := null;
        failure := 'inquiry_alert_webhook_url is not a public https URL';
      else
        begin
          request_id := net.http_post(url := pg_catalog.btrim(webhook), body := payload, headers := '{"Content-Type": "application/json"}'::jsonb);
          failure := null;
        exception when others then
          raise warning 'site behind alert not sent: %', sqlerrm;
          request_id := null;
          failure := sqlerrm;
        end;
      end if;
      watch.alerted_at := pg_catalog.now();
      watch.alert_body := payload;
      watch.alert_request_id := request_id;
      watch.alert_error := failure;
      posted := true;
    end if;
  end if;

  update private.site_watch as w
  set request_id = watch.request_id, requested_at = watch.requested_at, live_revision = watch.live_revision,
      checked_at = watch.checked_at, check_error = watch.check_error, alerted_at = watch.alerted_at,
      alert_body = watch.alert_body, alert_request_id = watch.alert_request_id, alert_error = watch.alert_error
  where w.id;
  return posted;
end;
$$;

revoke all on function private.site_live_state(bigint), private.watch_live_site() from public, anon, authenticated, service_role;

-- Later functions ----------------------------------------------------------------------------------

-- Functions are executable by PUBLIC unless revoked. From here on, those the migrations' role
-- creates are not: each grants what it means to. Global, since PUBLIC's default can only be taken
-- away for every schema at once.
alter default privileges revoke execute on functions from public;
