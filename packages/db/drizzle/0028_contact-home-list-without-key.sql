ALTER TABLE "contacts" DROP CONSTRAINT "contacts_persona_id_personas_id_fk";
