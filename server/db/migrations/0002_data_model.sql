CREATE TABLE "bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"agency" text NOT NULL,
	"account" text NOT NULL,
	"account_type" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_document" text NOT NULL,
	"pix_key" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_type_check" CHECK ("bank_accounts"."account_type" in ('CHECKING', 'SAVINGS'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fullname" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"cpf" text,
	"profile_picture" text,
	"gender" text,
	"birthdate" date,
	"feedhunter" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"platform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (immutable_unaccent(lower(fullname || ' ' || username || ' ' || email || ' ' || coalesce(cpf, '')))) STORED,
	CONSTRAINT "customers_gender_check" CHECK ("customers"."gender" is null or "customers"."gender" in ('M', 'F', 'O')),
	CONSTRAINT "customers_status_check" CHECK ("customers"."status" in ('ACTIVE', 'INACTIVE', 'BLOCKED')),
	CONSTRAINT "customers_platform_check" CHECK ("customers"."platform" is null or "customers"."platform" in ('IOS', 'ANDROID')),
	CONSTRAINT "customers_cpf_check" CHECK ("customers"."cpf" is null or "customers"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"display" text DEFAULT 'ALL' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"image" text,
	"list_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_id_store_key" UNIQUE("id","store_id"),
	CONSTRAINT "categories_display_check" CHECK ("categories"."display" in ('ALL', 'GRID', 'LIST'))
);
--> statement-breakpoint
CREATE TABLE "complement_group_products" (
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "complement_group_products_group_id_product_id_pk" PRIMARY KEY("group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "complement_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complement_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_items" smallint DEFAULT 0 NOT NULL,
	"max_items" smallint DEFAULT 1 NOT NULL,
	"allow_repeat" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complement_groups_id_store_key" UNIQUE("id","store_id"),
	CONSTRAINT "complement_groups_range_check" CHECK ("complement_groups"."min_items" between 0 and 10 and "complement_groups"."max_items" between 0 and 10 and "complement_groups"."min_items" <= "complement_groups"."max_items")
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"integration_type" text NOT NULL,
	"token" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_type_check" CHECK ("integrations"."integration_type" in ('OPDV'))
);
--> statement-breakpoint
CREATE TABLE "kitchens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kitchens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchens_id_store_key" UNIQUE("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "product_complement_groups" (
	"product_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_complement_groups_product_id_group_id_pk" PRIMARY KEY("product_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"kitchen_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"external_code" text NOT NULL,
	"complement_only" boolean DEFAULT false NOT NULL,
	"allow_observations" boolean DEFAULT true NOT NULL,
	"image_aspect_ratio" numeric(2, 1) DEFAULT 1 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"image" text,
	"thumbnail" text,
	"icon" text,
	"available" boolean DEFAULT true NOT NULL,
	"list_priority" integer DEFAULT 0 NOT NULL,
	"n_likes" integer DEFAULT 0 NOT NULL,
	"n_sold" integer DEFAULT 0 NOT NULL,
	"origin" text,
	"integration_code" text,
	"integration_name" text,
	"integration_category_id" text,
	"integration_category_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_id_store_key" UNIQUE("id","store_id"),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_aspect_ratio_check" CHECK ("products"."image_aspect_ratio" in (1, 0.8)),
	CONSTRAINT "products_icon_check" CHECK ("products"."icon" is null or "products"."icon" in ('WATER', 'DRAFT_BEER', 'SODA', 'JUICE', 'WINE')),
	CONSTRAINT "products_counts_check" CHECK ("products"."n_likes" >= 0 and "products"."n_sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_platform_check" CHECK ("checkins"."platform" in ('IOS', 'ANDROID'))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer,
	"customer_id" integer NOT NULL,
	"promo_code_id" integer,
	"loyalty" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"order_type" text DEFAULT 'EITHER' NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_status_check" CHECK ("coupons"."status" in ('CREATED', 'CONFIRMED', 'CANCELLED')),
	CONSTRAINT "coupons_order_type_check" CHECK ("coupons"."order_type" in ('EITHER', 'INDOOR', 'DELIVERY')),
	CONSTRAINT "coupons_discount_check" CHECK ("coupons"."discount" > 0 and "coupons"."discount" <= 100 and "coupons"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"product_id" integer,
	"kitchen_id" integer,
	"name" text NOT NULL,
	"thumbnail" text,
	"product_price" integer NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"observations" text,
	"complements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'PLACED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_status_check" CHECK ("order_items"."status" in ('PLACED', 'PREPARING', 'READY', 'CANCELLED', 'SAVED')),
	CONSTRAINT "order_items_price_check" CHECK ("order_items"."product_price" >= 0),
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_complements_check" CHECK (jsonb_typeof("order_items"."complements") = 'array')
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"table_id" integer,
	"order_type" text DEFAULT 'INDOOR' NOT NULL,
	"status" text DEFAULT 'OPENED' NOT NULL,
	"payment_status" text DEFAULT 'OPEN' NOT NULL,
	"waiter_requested" boolean DEFAULT false NOT NULL,
	"waiter_requested_at" timestamp with time zone,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"service_charge" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"total_paid" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_id_store_key" UNIQUE("id","store_id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('OPENED', 'CLOSED')),
	CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('OPEN', 'PARTIALLY_PAID', 'PAID')),
	CONSTRAINT "orders_type_check" CHECK ("orders"."order_type" in ('INDOOR', 'DELIVERY')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."subtotal" >= 0 and "orders"."service_charge" >= 0 and "orders"."discount" >= 0 and "orders"."total" >= 0 and "orders"."total_paid" >= 0),
	CONSTRAINT "orders_closed_check" CHECK (("orders"."status" = 'CLOSED') = ("orders"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('PHYSICAL', 'DIGITAL')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0 and "payments"."fee" >= 0 and "payments"."fee" <= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"customer_id" integer,
	"code" text NOT NULL,
	"fullname" text NOT NULL,
	"email" text,
	"phone" text NOT NULL,
	"n_persons" smallint NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"observations" text,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('CREATED', 'CONFIRMED', 'CANCELLED', 'UNAVAILABLE')),
	CONSTRAINT "reservations_persons_check" CHECK ("reservations"."n_persons" between 1 and 100),
	CONSTRAINT "reservations_phone_check" CHECK ("reservations"."phone" ~ '^[0-9]{10,11}$')
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tables_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tables_id_store_key" UNIQUE("id","store_id"),
	CONSTRAINT "tables_status_check" CHECK ("tables"."status" in ('AVAILABLE', 'OCCUPIED')),
	CONSTRAINT "tables_number_check" CHECK ("tables"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"total_paid" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_id_order_key" UNIQUE("id","order_id"),
	CONSTRAINT "tickets_money_check" CHECK ("tickets"."subtotal" >= 0 and "tickets"."total" >= 0 and "tickets"."total_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "privacy_texts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_texts_single_row" CHECK ("privacy_texts"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"max_discount" integer DEFAULT 0 NOT NULL,
	"n_available" integer NOT NULL,
	"n_uses" integer DEFAULT 0 NOT NULL,
	"origin" text,
	"type" text,
	"expires_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_discount_check" CHECK ("promo_codes"."discount" > 0 and "promo_codes"."discount" <= 100),
	CONSTRAINT "promo_codes_counts_check" CHECK ("promo_codes"."n_available" >= 0 and "promo_codes"."n_uses" >= 0 and "promo_codes"."max_discount" >= 0),
	CONSTRAINT "promo_codes_origin_check" CHECK ("promo_codes"."origin" is null or "promo_codes"."origin" in ('INDOOR', 'DELIVERY')),
	CONSTRAINT "promo_codes_type_check" CHECK ("promo_codes"."type" is null or "promo_codes"."type" in ('FIRST_USE', 'NORMAL'))
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"notification_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_notification_id_customer_id_pk" PRIMARY KEY("notification_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "push_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text NOT NULL,
	"genders" text[] DEFAULT '{}'::text[] NOT NULL,
	"stores" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_age" smallint,
	"max_age" smallint,
	"total_sent" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_notifications_status_check" CHECK ("push_notifications"."status" in ('ACTIVE', 'CANCELLED')),
	CONSTRAINT "push_notifications_genders_check" CHECK ("push_notifications"."genders" <@ array['M', 'F', 'O']::text[]),
	CONSTRAINT "push_notifications_ages_check" CHECK (("push_notifications"."min_age" is null or "push_notifications"."min_age" between 0 and 120) and ("push_notifications"."max_age" is null or "push_notifications"."max_age" between 0 and 120) and ("push_notifications"."min_age" is null or "push_notifications"."max_age" is null or "push_notifications"."min_age" <= "push_notifications"."max_age")),
	CONSTRAINT "push_notifications_total_check" CHECK ("push_notifications"."total_sent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer,
	"store_id" integer,
	"media_type" text NOT NULL,
	"image_url" text,
	"video_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_media_type_check" CHECK ("stories"."media_type" in ('PHOTO', 'VIDEO')),
	CONSTRAINT "stories_media_check" CHECK (("stories"."media_type" = 'PHOTO' and "stories"."image_url" is not null) or ("stories"."media_type" = 'VIDEO' and "stories"."video_url" is not null))
);
--> statement-breakpoint
CREATE TABLE "wall_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wall_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image" text,
	"n_views" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"list_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wall_posts_views_check" CHECK ("wall_posts"."n_views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loyalty_programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"consumption" integer NOT NULL,
	"discount" numeric(5, 2) NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programs_store_key" UNIQUE("store_id"),
	CONSTRAINT "loyalty_programs_consumption_check" CHECK ("loyalty_programs"."consumption" > 0),
	CONSTRAINT "loyalty_programs_discount_check" CHECK ("loyalty_programs"."discount" > 0 and "loyalty_programs"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "loyalty_progress" (
	"program_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_type" text DEFAULT 'INDOOR' NOT NULL,
	"current_consumption" integer DEFAULT 0 NOT NULL,
	"total_consumption" integer DEFAULT 0 NOT NULL,
	"n_uses" integer DEFAULT 0 NOT NULL,
	"last_redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_progress_program_id_customer_id_pk" PRIMARY KEY("program_id","customer_id"),
	CONSTRAINT "loyalty_progress_type_check" CHECK ("loyalty_progress"."order_type" in ('INDOOR', 'DELIVERY')),
	CONSTRAINT "loyalty_progress_amounts_check" CHECK ("loyalty_progress"."current_consumption" >= 0 and "loyalty_progress"."total_consumption" >= "loyalty_progress"."current_consumption" and "loyalty_progress"."n_uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"bank_account_id" integer,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deposit_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('PENDING', 'PAID', 'FAILED')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "statement_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"payment_id" integer,
	"deposit_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"available_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_entries_kind_check" CHECK ("statement_entries"."kind" in ('RECEIVED', 'CANCELED', 'TAX', 'DEPOSIT')),
	CONSTRAINT "statement_entries_amount_check" CHECK ("statement_entries"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "slug" text;--> statement-breakpoint
-- Stores created before slugs existed get one from their name (unique thanks to the id).
UPDATE "stores" SET "slug" = coalesce(nullif(lower(regexp_replace(immutable_unaccent("name"), '[^a-zA-Z0-9]+', '', 'g')), ''), 'restaurante') || '-' || "id";--> statement-breakpoint
ALTER TABLE "stores" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "site" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "instagram" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "full_description" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cousine_id" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "operation_id" integer;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "logo_white" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "logo_black" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "bg_image" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "street_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "neighborhood" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "uf" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "maps_url" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "name_responsible" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "cpf" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "phone_responsible" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "email_admin" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feedme_physical_tax" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "feedme_digital_tax" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "service_charge" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "app_skin" text DEFAULT 'WHITE' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "reservations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "reservation_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "default_links" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "n_ratings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "rating" numeric(3, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "list_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complement_group_products" ADD CONSTRAINT "complement_group_products_group_fk" FOREIGN KEY ("group_id","store_id") REFERENCES "public"."complement_groups"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complement_group_products" ADD CONSTRAINT "complement_group_products_product_fk" FOREIGN KEY ("product_id","store_id") REFERENCES "public"."products"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complement_groups" ADD CONSTRAINT "complement_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchens" ADD CONSTRAINT "kitchens_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_complement_groups" ADD CONSTRAINT "product_complement_groups_product_fk" FOREIGN KEY ("product_id","store_id") REFERENCES "public"."products"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_complement_groups" ADD CONSTRAINT "product_complement_groups_group_fk" FOREIGN KEY ("group_id","store_id") REFERENCES "public"."complement_groups"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_fk" FOREIGN KEY ("category_id","store_id") REFERENCES "public"."categories"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kitchen_fk" FOREIGN KEY ("kitchen_id","store_id") REFERENCES "public"."kitchens"("id","store_id") ON DELETE set null (kitchen_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kitchen_id_kitchens_id_fk" FOREIGN KEY ("kitchen_id") REFERENCES "public"."kitchens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ticket_fk" FOREIGN KEY ("ticket_id","order_id") REFERENCES "public"."tickets"("id","order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_fk" FOREIGN KEY ("table_id","store_id") REFERENCES "public"."tables"("id","store_id") ON DELETE set null (table_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notification_id_push_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."push_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_progress" ADD CONSTRAINT "loyalty_progress_program_id_loyalty_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_progress" ADD CONSTRAINT "loyalty_progress_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_entries" ADD CONSTRAINT "statement_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_entries" ADD CONSTRAINT "statement_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_entries" ADD CONSTRAINT "statement_entries_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_store_idx" ON "bank_accounts" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default" ON "bank_accounts" USING btree ("store_id") WHERE "bank_accounts"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_username_key" ON "customers" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_cpf_key" ON "customers" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_fullname_idx" ON "customers" USING btree ("fullname","id");--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_gender_idx" ON "customers" USING btree ("gender","id");--> statement-breakpoint
CREATE INDEX "customers_feedhunter_idx" ON "customers" USING btree ("feedhunter","id");--> statement-breakpoint
CREATE INDEX "customers_birthdate_idx" ON "customers" USING btree ("birthdate");--> statement-breakpoint
CREATE INDEX "categories_store_order_idx" ON "categories" USING btree ("store_id","list_order","id");--> statement-breakpoint
CREATE INDEX "complement_group_products_product_idx" ON "complement_group_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "complement_groups_store_idx" ON "complement_groups" USING btree ("store_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_one_active_per_type" ON "integrations" USING btree ("store_id","integration_type") WHERE "integrations"."active";--> statement-breakpoint
CREATE INDEX "kitchens_store_idx" ON "kitchens" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "product_complement_groups_group_idx" ON "product_complement_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_code_key" ON "products" USING btree ("store_id","external_code");--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_integration_key" ON "products" USING btree ("store_id","integration_code") WHERE "products"."integration_code" is not null;--> statement-breakpoint
CREATE INDEX "products_category_order_idx" ON "products" USING btree ("category_id","list_priority","id");--> statement-breakpoint
CREATE INDEX "products_store_name_idx" ON "products" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "products_kitchen_idx" ON "products" USING btree ("kitchen_id");--> statement-breakpoint
CREATE INDEX "checkins_store_created_idx" ON "checkins" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "checkins_customer_store_idx" ON "checkins" USING btree ("customer_id","store_id");--> statement-breakpoint
CREATE INDEX "checkins_created_idx" ON "checkins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coupons_store_created_idx" ON "coupons" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "coupons_customer_idx" ON "coupons" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "coupons_order_idx" ON "coupons" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_board_idx" ON "order_items" USING btree ("store_id","status","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_ticket_idx" ON "order_items" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_table" ON "orders" USING btree ("table_id") WHERE "orders"."status" = 'OPENED' and "orders"."table_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_status_idx" ON "orders" USING btree ("store_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_store_created_idx" ON "payments" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_code_key" ON "reservations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "reservations_store_date_idx" ON "reservations" USING btree ("store_id","date");--> statement-breakpoint
CREATE INDEX "reservations_store_status_idx" ON "reservations" USING btree ("store_id","status","date");--> statement-breakpoint
CREATE INDEX "reviews_store_created_idx" ON "reviews" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_customer_idx" ON "reviews" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tables_store_number_key" ON "tables" USING btree ("store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_order_customer_key" ON "tickets" USING btree ("order_id","customer_id");--> statement-breakpoint
CREATE INDEX "tickets_customer_idx" ON "tickets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "promo_codes_created_at_idx" ON "promo_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_customer_idx" ON "push_deliveries" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "push_notifications_created_at_idx" ON "push_notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "push_notifications_stores_idx" ON "push_notifications" USING gin ("stores");--> statement-breakpoint
CREATE INDEX "stories_created_at_idx" ON "stories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stories_customer_idx" ON "stories" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stories_product_idx" ON "stories" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "wall_posts_store_order_idx" ON "wall_posts" USING btree ("store_id","list_order","id");--> statement-breakpoint
CREATE INDEX "loyalty_progress_total_idx" ON "loyalty_progress" USING btree ("program_id","total_consumption");--> statement-breakpoint
CREATE INDEX "deposits_store_date_idx" ON "deposits" USING btree ("store_id","deposit_date");--> statement-breakpoint
CREATE INDEX "statement_entries_store_created_idx" ON "statement_entries" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "statement_entries_store_available_idx" ON "statement_entries" USING btree ("store_id","available_on");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_cousine_id_cuisines_id_fk" FOREIGN KEY ("cousine_id") REFERENCES "public"."cuisines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_role_idx" ON "accounts" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_slug_key" ON "stores" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "stores_list_order_idx" ON "stores" USING btree ("list_order","id");--> statement-breakpoint
CREATE INDEX "stores_status_idx" ON "stores" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stores_cousine_idx" ON "stores" USING btree ("cousine_id");--> statement-breakpoint
CREATE INDEX "stores_operation_idx" ON "stores" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "stores_name_search_idx" ON "stores" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_app_skin_check" CHECK ("stores"."app_skin" in ('WHITE', 'BLACK'));--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_uf_check" CHECK ("stores"."uf" is null or "stores"."uf" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_cnpj_check" CHECK ("stores"."cnpj" is null or "stores"."cnpj" ~ '^[0-9]{14}$');--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_cpf_check" CHECK ("stores"."cpf" is null or "stores"."cpf" ~ '^[0-9]{11}$');--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_fees_check" CHECK ("stores"."feedme_physical_tax" between 0 and 100 and "stores"."feedme_digital_tax" between 0 and 100 and "stores"."service_charge" between 0 and 100);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_rating_check" CHECK ("stores"."rating" between 0 and 5 and "stores"."n_ratings" >= 0);--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_hours_check" CHECK (jsonb_typeof("stores"."opening_hours") = 'array' and jsonb_typeof("stores"."reservation_hours") = 'array');--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_links_check" CHECK (jsonb_typeof("stores"."links") = 'array');