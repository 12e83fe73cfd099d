// The demo pautas of the local portal: a handful in every status, written by the newsroom's staff
// through the storyboard's own service functions (the same checks as the API), some given to a
// colleague (who finds the notification in the bell), one late.
import { brasiliaToday, storyIdeaCreateSchema, type StoryIdeaInput, type StoryStatus } from '../../shared/storyboard';

type Who = 'autor' | 'editor' | 'master';

interface DemoStory extends Omit<StoryIdeaInput, 'assigned_to' | 'deadline'> {
  by: Who;
  to?: Who;
  /** Days from today (negative: already past). */
  due?: number;
  status: StoryStatus;
  /** How long ago it was written, in hours (the board lists newest first). */
  hours_ago: number;
}

const DEMO_STORIES: DemoStory[] = [
  {
    by: 'editor',
    status: 'idea',
    hours_ago: 2,
    title: 'Feiras livres de Recife depois da reforma do Mercado da Boa Vista',
    description: 'Ouvir feirantes e clientes sobre o movimento desde a reabertura; comparar preços de hortifrúti com os supermercados do bairro.',
    priority: 'medium',
    tags: 'economia, comércio, Recife',
    city_code: '2611606',
  },
  {
    by: 'autor',
    status: 'idea',
    hours_ago: 20,
    title: 'Ciclofaixas de lazer: quem usa aos domingos?',
    description: 'Contagem informal em três pontos e conversa com coletivos de ciclistas sobre a ampliação prometida.',
    priority: 'low',
    tags: 'mobilidade, bicicleta',
  },
  {
    by: 'master',
    to: 'autor',
    due: 5,
    status: 'assigned',
    hours_ago: 30,
    title: 'Falta de professores na rede estadual no início do semestre',
    description: 'Levantar quantas turmas estão sem professor de matemática e física; pedir números à Secretaria de Educação.',
    priority: 'high',
    tags: 'educação, escolas públicas',
    city_code: '2611606',
  },
  {
    by: 'editor',
    to: 'master',
    due: 2,
    status: 'assigned',
    hours_ago: 48,
    title: 'Entrevista com a nova reitora da universidade federal',
    description: 'Prioridades da gestão, orçamento e permanência estudantil. Agendar pela assessoria.',
    priority: 'medium',
    tags: 'ensino superior, entrevista',
  },
  {
    by: 'editor',
    to: 'autor',
    due: 1,
    status: 'in_progress',
    hours_ago: 60,
    title: 'Alagamentos recorrentes na Avenida Caxangá',
    description: 'Mapear os pontos críticos com moradores e a Defesa Civil; cobrar o cronograma das obras de drenagem.',
    priority: 'urgent',
    tags: 'chuvas, infraestrutura, Defesa Civil',
    city_code: '2611606',
  },
  {
    by: 'master',
    to: 'editor',
    due: -2,
    status: 'in_progress',
    hours_ago: 96,
    title: 'Preço da cesta básica em Campinas sobe pelo terceiro mês',
    description: 'Dados do levantamento mensal, entrevista com economista e com famílias que trocaram marcas.',
    priority: 'high',
    tags: 'economia, custo de vida',
    city_code: '3509502',
  },
  {
    by: 'autor',
    to: 'autor',
    due: -6,
    status: 'completed',
    hours_ago: 170,
    title: 'Festival de quadrilhas juninas do bairro de Casa Amarela',
    description: 'Cobertura das apresentações e perfil de um grupo que ensaia há 30 anos.',
    priority: 'medium',
    tags: 'cultura, São João',
    city_code: '2611606',
  },
  {
    by: 'editor',
    status: 'cancelled',
    hours_ago: 200,
    title: 'Inauguração do novo terminal de ônibus',
    description: 'A inauguração foi adiada sem data pela prefeitura; retomar quando houver agenda.',
    priority: 'low',
    tags: 'transporte',
  },
];

/** Seeds the demo pautas, with the service functions of lambdas/storyboard. */
export async function seedStoryIdeas(staff: Record<Who, string | undefined>, now: Date, log: (line: string) => void): Promise<void> {
  const storyboard = await import('../../lambdas/storyboard/service');
  const day = 24 * 3600 * 1000;
  let seeded = 0;
  // Oldest first: each is written at its own moment in the past.
  for (const demo of [...DEMO_STORIES].sort((a, b) => b.hours_ago - a.hours_ago)) {
    const by = staff[demo.by];
    const to = demo.to ? staff[demo.to] : null;
    if (!by || to === undefined) continue;
    const { by: _by, to: _to, due, status, hours_ago, ...fields } = demo;
    const at = new Date(now.getTime() - hours_ago * 3600 * 1000);
    const deadline = due === undefined ? null : brasiliaToday(new Date(now.getTime() + due * day));
    const idea = await storyboard.create(by, storyIdeaCreateSchema.parse({ ...fields, assigned_to: to, deadline }), at);
    if (idea.status !== status) await storyboard.update(by, idea.id, { status }, at);
    seeded += 1;
  }
  log(`Pautas de demonstração: ${seeded}.`);
}
