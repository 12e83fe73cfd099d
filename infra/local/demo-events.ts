// Demo events for the local portal: original pt-BR agenda items across the demo articles' cities,
// dated from the seed's day on (so they are always upcoming), created through the events service as
// their organizers would, with covers drawn like the demo articles'.
import { cityByCode } from '../../shared/cities';
import { fromBrasiliaInput, toBrasiliaInput } from '../../shared/event-rules';
import type { DemoArticle } from './demo-articles';
import { coverPng } from './demo-covers';

type Organizer = DemoArticle['author'];

export interface DemoEvent {
  title: string;
  /** HTML, sanitized by the service like any other. */
  description: string;
  location: string;
  city_code: string;
  organizer: Organizer;
  /** Days after the seed's day, and the local (Brasília) start time. */
  days_ahead: number;
  starts: string;
  /** Hours it lasts; none for an event without an announced end. */
  hours?: number;
  status: 'published' | 'draft';
  cover: DemoArticle['cover'];
}

export const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Feira de Livros Independentes do Recife Antigo',
    description:
      '<p>Quarenta editoras pequenas e coletivos de escritores ocupam a Rua do Bom Jesus com lançamentos, sessões de autógrafos e rodas de leitura.</p><p>A programação infantil acontece no fim da tarde, com contação de histórias.</p>',
    location: 'Rua do Bom Jesus, Recife Antigo',
    city_code: '2611606',
    organizer: 'autor',
    days_ahead: 3,
    starts: '10:00',
    hours: 9,
    status: 'published',
    cover: { hue: 28, accent: 200, motif: 'bars' },
  },
  {
    title: 'Sarau de poesia na Praça do Diário',
    description: '<p>Microfone aberto para poetas de todas as idades. Inscrições no local, a partir das 18h30.</p>',
    location: 'Praça do Diário, Santo Antônio',
    city_code: '2611606',
    organizer: 'autor',
    days_ahead: 9,
    starts: '19:00',
    hours: 3,
    status: 'published',
    cover: { hue: 320, accent: 60, motif: 'circles' },
  },
  {
    title: 'Audiência pública sobre os corredores de ônibus',
    description:
      '<p>A Câmara Municipal ouve moradores e especialistas sobre o plano de corredores exclusivos na zona leste.</p><p>A sessão é aberta ao público e transmitida pelo canal da Câmara.</p>',
    location: 'Câmara Municipal de São Paulo, Viaduto Jacareí, 100',
    city_code: '3550308',
    organizer: 'editor',
    days_ahead: 2,
    starts: '14:00',
    hours: 4,
    status: 'published',
    cover: { hue: 210, accent: 40, motif: 'grid' },
  },
  {
    title: 'Mutirão de plantio no Parque do Carmo',
    description: '<p>Voluntários plantam 500 mudas de espécies nativas da Mata Atlântica. Leve água, protetor solar e luvas.</p>',
    location: 'Parque do Carmo, Avenida Afonso de Sampaio e Sousa, 951',
    city_code: '3550308',
    organizer: 'autor',
    days_ahead: 12,
    starts: '08:00',
    hours: 4,
    status: 'published',
    cover: { hue: 120, accent: 50, motif: 'hills' },
  },
  {
    title: 'Roda de samba na Pedra do Sal',
    description: '<p>O tradicional samba de segunda-feira na Pedra do Sal recebe convidados da velha guarda da Portela.</p>',
    location: 'Pedra do Sal, Saúde',
    city_code: '3304557',
    organizer: 'editor',
    days_ahead: 5,
    starts: '19:30',
    status: 'published',
    cover: { hue: 45, accent: 340, motif: 'sun' },
  },
  {
    title: 'Debate: o futuro do Porto Maravilha',
    description:
      '<p>Urbanistas, moradores e a prefeitura discutem moradia e comércio na região portuária.</p><p>Entrada gratuita, com retirada de senha uma hora antes.</p>',
    location: 'Museu de Arte do Rio, Praça Mauá, 5',
    city_code: '3304557',
    organizer: 'master',
    days_ahead: 16,
    starts: '18:00',
    hours: 2,
    status: 'published',
    cover: { hue: 190, accent: 20, motif: 'waves' },
  },
  {
    title: 'Festival de Cinema de Bairro de Belo Horizonte',
    description: '<p>Três dias de curtas-metragens feitos nas periferias da capital mineira, com debates depois de cada sessão.</p>',
    location: 'Cine Santa Tereza, Rua Estrela do Sul, 89',
    city_code: '3106200',
    organizer: 'master',
    days_ahead: 7,
    starts: '17:00',
    hours: 52,
    status: 'published',
    cover: { hue: 265, accent: 50, motif: 'bars' },
  },
  {
    title: 'Oficina de jornalismo comunitário em Salvador',
    description: '<p>Como apurar, escrever e publicar notícias do próprio bairro. Vagas limitadas, com certificado.</p>',
    location: 'Biblioteca Pública do Estado da Bahia, Barris',
    city_code: '2927408',
    organizer: 'autor',
    days_ahead: 6,
    starts: '09:00',
    hours: 3,
    status: 'published',
    cover: { hue: 15, accent: 180, motif: 'circles' },
  },
  {
    title: 'Feira de agricultura familiar no Benfica',
    description: '<p>Produtores do interior do Ceará vendem frutas, hortaliças e queijos direto ao consumidor.</p>',
    location: 'Praça da Gentilândia, Benfica',
    city_code: '2304400',
    organizer: 'editor',
    days_ahead: 4,
    starts: '07:00',
    hours: 5,
    status: 'published',
    cover: { hue: 95, accent: 30, motif: 'sun' },
  },
  {
    title: 'Encontro de ciclistas de Curitiba',
    description: '<p>Passeio noturno de 15 km pelas ciclovias do centro, com paradas nos pontos históricos.</p>',
    location: 'Praça Santos Andrade, Centro',
    city_code: '4106902',
    organizer: 'editor',
    days_ahead: 10,
    starts: '20:00',
    hours: 2,
    status: 'published',
    cover: { hue: 160, accent: 300, motif: 'waves' },
  },
  {
    title: 'Mostra de teatro de rua no Centro Histórico',
    description: '<p>Grupos gaúchos apresentam espetáculos gratuitos ao ar livre durante todo o fim de semana.</p>',
    location: 'Praça da Matriz, Centro Histórico',
    city_code: '4314902',
    organizer: 'master',
    days_ahead: 14,
    starts: '16:00',
    hours: 30,
    status: 'published',
    cover: { hue: 350, accent: 90, motif: 'grid' },
  },
  {
    title: 'Conversa sobre a cheia dos rios na Amazônia',
    description: '<p>Pesquisadores e ribeirinhos falam sobre as mudanças no regime das águas e seus efeitos nas comunidades.</p>',
    location: 'Teatro Amazonas, Largo de São Sebastião',
    city_code: '1302603',
    organizer: 'editor',
    days_ahead: 8,
    starts: '18:30',
    hours: 2,
    status: 'published',
    cover: { hue: 140, accent: 200, motif: 'hills' },
  },
  {
    title: 'Hackathon de dados abertos de Campinas',
    description: '<p>Equipes criam aplicativos com os dados abertos da prefeitura. Premiação no domingo à tarde.</p>',
    location: 'Estação Cultura, Praça Marechal Deodoro',
    city_code: '3509502',
    organizer: 'autor',
    days_ahead: 20,
    starts: '09:00',
    hours: 33,
    status: 'published',
    cover: { hue: 230, accent: 120, motif: 'grid' },
  },
  {
    title: 'Lançamento do guia de cultura popular (rascunho)',
    description: '<p>Programação ainda em definição com os mestres de maracatu.</p>',
    location: 'Paço do Frevo, Praça do Arsenal',
    city_code: '2611606',
    organizer: 'autor',
    days_ahead: 25,
    starts: '19:00',
    status: 'draft',
    cover: { hue: 0, accent: 220, motif: 'circles' },
  },
];

/** `starts` on the day `days` after `now`'s day, in Brasília, as an ISO timestamp. */
export function demoStart(now: Date, days: number, starts: string): string {
  const [year, month, day] = toBrasiliaInput(now.toISOString()).slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
  return fromBrasiliaInput(`${date}T${starts}`);
}

export interface DemoCovers {
  /** Uploads a cover as the editor does. */
  upload(organizerId: string, png: Buffer): Promise<string>;
  /** Waits for the cover-variants worker to have written these covers' variants. */
  ready(urls: string[]): Promise<unknown>;
}

export async function seedEvents(organizers: Record<Organizer, string | undefined>, now: Date, log: (line: string) => void, covers: DemoCovers): Promise<void> {
  // Imported late: the service modules read the environment the runtime has just set.
  const events = await import('../../lambdas/events/service');
  const uploaded = new Map<number, string>();
  for (const [index, demo] of DEMO_EVENTS.entries()) {
    const organizerId = organizers[demo.organizer];
    if (!organizerId) continue;
    const cover = await covers.upload(organizerId, coverPng(demo.cover, 500 + index)).catch((error: { status?: number }) => {
      if (error.status === 403) return '';
      throw error;
    });
    uploaded.set(index, cover);
  }
  await covers.ready([...uploaded.values()].filter(Boolean));
  let created = 0;
  for (const [index, demo] of DEMO_EVENTS.entries()) {
    const organizerId = organizers[demo.organizer];
    const city = cityByCode(demo.city_code);
    if (!organizerId || !city) continue;
    const start = demoStart(now, demo.days_ahead, demo.starts);
    const input = {
      title: demo.title,
      description: demo.description,
      event_date: start,
      end_date: demo.hours ? new Date(Date.parse(start) + demo.hours * 3600_000).toISOString() : null,
      location: demo.location,
      city: city.path,
      cover_image: uploaded.get(index) ?? '',
      status: demo.status,
    };
    // A master claimed before the seed leaves master@portal.local without the role to create: skip theirs.
    await events.create(organizerId, input, now).then(
      () => (created += 1),
      (error: { status?: number }) => {
        if (error.status !== 403) throw error;
      },
    );
  }
  log(`Eventos de demonstração: ${created}.`);
}
