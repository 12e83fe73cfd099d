import type { DemoArticle } from '../demo-articles';

export const PART_3: DemoArticle[] = [
  {
    title: 'Extensão do metrô até a zona leste de São Paulo entra na fase de escavação',
    summary:
      'Tuneladora começa a abrir o trecho de 6,4 km entre Vila Formosa e Cidade Líder; moradores esperam cortar até 40 minutos do trajeto diário ao centro.',
    content: `<p>A tuneladora batizada de <strong>Dona Benedita</strong> começou nesta semana a escavar o trecho de 6,4 quilômetros que vai ligar Vila Formosa a Cidade Líder, na zona leste de São Paulo. A obra promete encurtar em até 40 minutos a viagem de quem hoje depende de dois ônibus para chegar a uma estação de metrô.</p>
<h2>O que muda para quem mora na região</h2>
<p>Segundo o cronograma apresentado em audiência pública, a extensão terá quatro estações novas e deve receber cerca de 180 mil passageiros por dia útil quando estiver completa. A previsão oficial de entrega é para o segundo semestre de 2028, mas técnicos ouvidos pela reportagem consideram o prazo <em>apertado</em>.</p>
<ul>
<li>Estações previstas: Vila Formosa, Jardim Aricanduva, Parque do Carmo Norte e Cidade Líder;</li>
<li>Intervalo estimado entre trens: 2 minutos e 30 segundos no horário de pico;</li>
<li>Integração gratuita com três corredores de ônibus municipais.</li>
</ul>
<p>Dados do <a href="https://www.ibge.gov.br">IBGE</a> mostram que os distritos atendidos somam mais de 600 mil habitantes, muitos deles com deslocamentos diários superiores a duas horas.</p>
<h2>Desapropriações e ruído preocupam vizinhos</h2>
<p>Nem todos comemoram. Comerciantes da avenida onde ficará o poço de ventilação reclamam de tapumes que reduziram a circulação de clientes. A associação de moradores do Jardim Aricanduva pede um canal direto para registrar rachaduras em imóveis próximos ao traçado.</p>
<blockquote><p>A gente quer o metrô, ninguém aqui é contra. Mas precisa ter vistoria antes e depois, casa por casa, para ninguém ficar no prejuízo.</p><p>— Rosângela Tavares, presidente da associação de moradores</p></blockquote>
<p>A companhia responsável afirma que fez vistoria cautelar em 1.200 imóveis e que o monitoramento de vibração será divulgado semanalmente em seu <a href="https://www.metro.sp.gov.br">site oficial</a>.</p>
<h2>Próximos passos</h2>
<p>A tuneladora deve avançar entre 12 e 15 metros por dia. A primeira estação a ser concluída, segundo o planejamento, será Jardim Aricanduva, que também abrigará um terminal de ônibus reformado. O custo total estimado da obra é de R$ 4,7 bilhões, com financiamento estadual e federal.</p>`,
    tags: ['mobilidade urbana', 'política', 'economia', 'metrô'],
    city_code: '3550308',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 2,
    cover: { hue: 212, accent: 32, motif: 'grid' },
  },
  {
    title: 'Teatro centenário reabre no centro do Rio após sete anos de restauração',
    summary:
      'Com afrescos recuperados e acessibilidade nova, o Teatro Glória Amaral volta a receber o público com programação gratuita na primeira quinzena.',
    content: `<p>Fechado desde 2018 por problemas estruturais, o <strong>Teatro Glória Amaral</strong>, no centro do Rio de Janeiro, reabre as portas neste fim de semana. A restauração recuperou afrescos do teto, a caixa cênica original de madeira e ganhou elevadores, rampas e lugares reservados para pessoas com deficiência.</p>
<h2>Uma obra de paciência</h2>
<p>A equipe de restauradores trabalhou por quase três anos apenas nas pinturas do forro, que estavam cobertas por camadas de fuligem e infiltração. Foram identificadas assinaturas de artistas que participaram da decoração original, em 1921, e que até então eram desconhecidas.</p>
<blockquote><p>Cada centímetro do teto tinha uma surpresa. Encontramos uma paleta de cores muito mais viva do que imaginávamos, e isso muda a forma como o público vai enxergar o espaço.</p><p>— Heloísa Barreto, coordenadora da restauração</p></blockquote>
<p>O investimento total foi de R$ 38 milhões, divididos entre recursos municipais, leis de incentivo e doações de empresas da região portuária. O projeto foi acompanhado pelo <a href="https://www.gov.br/iphan">Iphan</a>, já que o prédio integra um conjunto tombado.</p>
<h2>Programação de reabertura</h2>
<p>Nas duas primeiras semanas, todas as apresentações terão entrada gratuita, com retirada de ingressos na bilheteria uma hora antes. A curadoria apostou em artistas cariocas e em grupos que ensaiavam em espaços improvisados enquanto o teatro estava fechado.</p>
<ul>
<li>Sexta e sábado: concerto da Orquestra Jovem da Zona Norte;</li>
<li>Domingo: espetáculo infantil <em>O Bonde que Sonhava</em>, às 11h;</li>
<li>Segunda quinzena: temporada da Companhia Maré Alta com texto inédito sobre a Pequena África.</li>
</ul>
<h2>Impacto no entorno</h2>
<p>Comerciantes da rua esperam que a reabertura ajude a revitalizar a região, que perdeu movimento noturno nos últimos anos. Dois bares e uma livraria já anunciaram horário estendido nos dias de espetáculo, e a prefeitura promete reforço de iluminação e policiamento nas ruas vizinhas.</p>
<p>A administração do teatro também planeja visitas guiadas gratuitas para escolas da rede pública a partir do próximo mês, com agendamento pelo telefone da bilheteria.</p>`,
    tags: ['cultura', 'turismo', 'política', 'teatro'],
    city_code: '3304557',
    visibility: 'public',
    author: 'editor',
    status: 'published',
    days_ago: 5,
    cover: { hue: 348, accent: 45, motif: 'circles' },
  },
  {
    title: 'Trechos impróprios para banho crescem no litoral de Fortaleza após chuvas',
    summary:
      'Boletim semanal aponta 14 pontos impróprios entre a Barra do Ceará e a Praia do Futuro; galerias pluviais com esgoto clandestino são a principal causa.',
    content: `<p>O número de trechos de praia considerados <strong>impróprios para banho</strong> em Fortaleza chegou a 14 no boletim desta semana, o maior patamar do ano. A piora coincide com as chuvas intensas do fim de março, que arrastam para o mar o esgoto lançado de forma irregular nas galerias pluviais.</p>
<h2>Onde está o problema</h2>
<p>Os pontos mais críticos ficam próximos à foz de riachos urbanos e às saídas de galerias na orla oeste. Na Praia do Futuro, tradicionalmente mais limpa, dois trechos também entraram na lista. Os resultados são publicados pela <a href="https://www.semace.ce.gov.br">Semace</a> e se baseiam na concentração de bactérias do tipo <em>Escherichia coli</em> em amostras coletadas por cinco semanas seguidas.</p>
<ul>
<li>Barra do Ceará: 4 pontos impróprios;</li>
<li>Pirambu e Leste-Oeste: 3 pontos;</li>
<li>Beira-Mar e Meireles: 5 pontos próximos às galerias;</li>
<li>Praia do Futuro: 2 pontos.</li>
</ul>
<h2>Riscos à saúde</h2>
<p>Médicos alertam que o contato com água contaminada pode causar diarreia, infecções de pele, otites e conjuntivite, sobretudo em crianças. A recomendação é evitar o banho por até 48 horas depois de chuvas fortes, mesmo em trechos que aparecem como próprios no boletim anterior.</p>
<blockquote><p>Nos atendimentos de segunda-feira a gente percebe claramente o efeito do fim de semana de praia com água ruim. São muitos casos de gastroenterite em crianças pequenas.</p><p>— Dr. Francisco Alencar Moura, pediatra de uma unidade de pronto atendimento</p></blockquote>
<h2>O que dizem o poder público e os barraqueiros</h2>
<p>A companhia de saneamento afirma ter identificado 320 ligações clandestinas na bacia que deságua na orla oeste e que notificou os responsáveis. Já os barraqueiros da Praia do Futuro temem queda no movimento justamente na retomada do turismo. Eles pedem placas mais visíveis e atualizadas, em vez de boletins que circulam apenas na internet.</p>
<p>A prefeitura diz que vai instalar <strong>painéis digitais</strong> em dez pontos da orla até o fim do semestre, com a situação de cada trecho atualizada semanalmente.</p>`,
    tags: ['meio ambiente', 'saúde', 'turismo', 'balneabilidade'],
    city_code: '2304400',
    visibility: 'premium',
    author: 'autor',
    status: 'published',
    days_ago: 8,
    cover: { hue: 190, accent: 20, motif: 'waves' },
  },
  {
    title: 'Pesquisadores de Campinas criam sensor barato que detecta dengue em 20 minutos',
    summary:
      'Dispositivo feito com papel e tinta condutora custa menos de R$ 5 por teste e pode chegar às unidades básicas de saúde em dois anos, se passar na validação.',
    content: `<p>Um grupo de pesquisadores de uma universidade pública de Campinas desenvolveu um <strong>sensor de papel</strong> capaz de identificar a infecção por dengue em cerca de 20 minutos, a partir de uma gota de sangue. O custo estimado por teste é inferior a R$ 5, um décimo do valor dos exames rápidos usados hoje na rede pública.</p>
<h2>Como funciona o dispositivo</h2>
<p>O sensor usa eletrodos impressos com tinta à base de carbono sobre uma tira de papel tratado. Quando a amostra entra em contato com a superfície, uma proteína do vírus se liga a anticorpos fixados no eletrodo e altera a corrente elétrica, medida por um leitor do tamanho de um celular.</p>
<ul>
<li>Tempo de resposta: entre 15 e 20 minutos;</li>
<li>Sensibilidade de 94% nos testes de laboratório com 310 amostras;</li>
<li>Leitor portátil alimentado por cabo USB, sem necessidade de refrigeração das tiras.</li>
</ul>
<p>O trabalho foi financiado com bolsas de agências de fomento como o <a href="https://www.gov.br/cnpq">CNPq</a> e envolveu estudantes de química, engenharia elétrica e medicina.</p>
<blockquote><p>Nossa meta sempre foi um teste que uma agente de saúde consiga aplicar numa unidade básica de bairro, sem laboratório, sem fila e sem depender de insumo importado.</p><p>— Profa. Mariana Okada Ferraz, coordenadora do laboratório</p></blockquote>
<h2>Do laboratório para a rede pública</h2>
<p>Antes de chegar aos postos, o sensor precisa passar por estudos clínicos com pacientes e por registro na agência reguladora. A equipe estima que o processo leve pelo menos dois anos. Uma parceria com a secretaria municipal de saúde deve permitir testes em <em>cinco unidades básicas</em> de bairros com alta incidência da doença já no próximo verão.</p>
<h2>Outras doenças no horizonte</h2>
<p>Os pesquisadores afirmam que a mesma plataforma pode ser adaptada para zika e chikungunya, trocando apenas os anticorpos fixados no eletrodo. Uma startup incubada na própria universidade negocia a produção em escala, e o pedido de patente já foi depositado.</p>
<p>Para o grupo, o maior desafio agora é garantir que o leitor seja fabricado no país, evitando a dependência de componentes importados que encarecem o equipamento.</p>`,
    tags: ['educação', 'saúde', 'tecnologia', 'pesquisa científica'],
    city_code: '3509502',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 11,
    cover: { hue: 140, accent: 280, motif: 'hills' },
  },
  {
    title: 'Espera por consulta com especialista no Recife passa de quatro meses em média',
    summary:
      'Levantamento com dados da central de regulação mostra gargalos em ortopedia, neurologia e endocrinologia; mutirões reduziram fila, mas efeito foi passageiro.',
    content: `<p>Quem precisa de uma consulta com especialista pela rede pública no Recife espera, em média, <strong>127 dias</strong> para ser atendido. O dado faz parte de um levantamento feito pela reportagem com base nos relatórios da central de regulação municipal dos últimos doze meses.</p>
<h2>As especialidades mais congestionadas</h2>
<p>A fila não é homogênea. Algumas áreas têm espera de poucas semanas, enquanto outras acumulam pedidos de mais de um ano. Os maiores tempos médios foram registrados em:</p>
<ul>
<li>Ortopedia: 212 dias;</li>
<li>Neurologia: 188 dias;</li>
<li>Endocrinologia: 171 dias;</li>
<li>Oftalmologia: 149 dias.</li>
</ul>
<p>Ao todo, cerca de 46 mil pedidos aguardavam agendamento no fim do mês passado. Parte deles, segundo técnicos da própria secretaria, está duplicada ou desatualizada, porque pacientes conseguiram atendimento por outros meios e não foram retirados da lista.</p>
<h2>Mutirões ajudam, mas não resolvem</h2>
<p>No segundo semestre, a prefeitura promoveu três mutirões de fim de semana que realizaram mais de 9 mil consultas. A fila caiu 18% em dois meses, mas voltou a crescer logo depois. Especialistas apontam que o problema é estrutural: faltam médicos em algumas especialidades e a remuneração oferecida pela rede pública é pouco atrativa.</p>
<blockquote><p>Mutirão é importante para desafogar, mas é como tirar água de um barco furado. Sem contratação permanente e sem organizar o encaminhamento na atenção básica, a fila volta.</p><p>— Cláudio Siqueira Lins, médico sanitarista e professor de saúde coletiva</p></blockquote>
<h2>O que diz a secretaria</h2>
<p>Em nota, a Secretaria de Saúde informou que está implantando o <em>telematriciamento</em>, em que médicos de família discutem casos com especialistas por vídeo antes de encaminhar o paciente. A estimativa é que até 30% dos encaminhamentos possam ser resolvidos sem consulta presencial. A pasta também promete publicar a posição de cada paciente na fila em um painel on-line.</p>
<p>Orientações sobre os direitos do usuário do SUS estão disponíveis no portal do <a href="https://www.gov.br/saude">Ministério da Saúde</a>. Pacientes com piora do quadro devem procurar a unidade de saúde da família para pedir reclassificação de prioridade.</p>`,
    tags: ['saúde', 'política', 'filas no sus'],
    city_code: '2611606',
    visibility: 'premium',
    author: 'master',
    status: 'published',
    days_ago: 14,
    cover: { hue: 4, accent: 200, motif: 'bars' },
  },
  {
    title: 'Preço do aluguel em São Paulo sobe acima da inflação pelo terceiro ano seguido',
    summary:
      'Bairros próximos a estações de metrô lideram as altas; metro quadrado alugado chega a R$ 62 em áreas centrais e famílias se mudam para a periferia.',
    content: `<p>O valor médio do aluguel residencial em São Paulo subiu <strong>14,2%</strong> nos últimos doze meses, quase três vezes a inflação oficial do período. É o terceiro ano seguido em que os reajustes superam o índice de preços, pressionando o orçamento de famílias que vivem de aluguel na capital.</p>
<h2>Onde o aluguel mais subiu</h2>
<p>As maiores altas foram registradas em bairros bem servidos de transporte sobre trilhos e com oferta crescente de estúdios compactos. Em algumas regiões centrais, o metro quadrado alugado já passa de R$ 60.</p>
<ul>
<li>Vila Mariana: alta de 19% no ano;</li>
<li>Pinheiros: alta de 17%, com metro quadrado médio de R$ 62;</li>
<li>Tatuapé: alta de 16%, puxada pela chegada de novos empreendimentos;</li>
<li>Santa Cecília: alta de 15%.</li>
</ul>
<p>Os números consideram anúncios de imóveis residenciais e contratos renovados, e podem ser comparados com o índice de preços ao consumidor divulgado pelo <a href="https://www.ibge.gov.br">IBGE</a>.</p>
<h2>Famílias empurradas para longe</h2>
<p>A consequência mais visível é a migração para bairros mais distantes e para cidades vizinhas. Quem troca o centro pela periferia economiza no aluguel, mas passa a gastar mais tempo e dinheiro com transporte.</p>
<blockquote><p>Pagava R$ 2.300 num apartamento de um quarto perto do trabalho. O proprietário pediu R$ 2.900 na renovação. Hoje moro em Guaianases e levo uma hora e meia para chegar ao escritório.</p><p>— Juliana Prado Menezes, assistente administrativa de 34 anos</p></blockquote>
<h2>Por que os preços não param de subir</h2>
<p>Economistas apontam uma combinação de fatores: juros altos que afastam compradores e aumentam a procura por locação, crescimento dos imóveis destinados a aluguel de curta temporada e baixa oferta de moradia popular em regiões centrais. A política de <em>habitação de interesse social</em> no centro avança lentamente, e muitos prédios reformados acabam sendo ocupados por estúdios de alto padrão.</p>
<p>Para quem vai renovar contrato, especialistas recomendam pesquisar preços de imóveis semelhantes na vizinhança, negociar o índice de reajuste e registrar por escrito qualquer acordo com o proprietário.</p>`,
    tags: ['economia', 'mobilidade urbana', 'política', 'mercado imobiliário'],
    city_code: '3550308',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 17,
    cover: { hue: 28, accent: 250, motif: 'bars' },
  },
  {
    title: 'Liga de basquete de rua reúne 48 times e vira vitrine para jovens do Rio',
    summary:
      'Torneio disputado em quadras de oito bairros da zona norte e oeste atrai olheiros de clubes e universidades e exige frequência escolar dos atletas.',
    content: `<p>Em quadras de cimento espalhadas por oito bairros das zonas norte e oeste, a <strong>Liga Carioca de Basquete de Rua</strong> chega à quarta edição com 48 times inscritos e um recorde de público. O torneio, criado por ex-atletas e professores de educação física, virou uma das principais portas de entrada de jovens da periferia no basquete competitivo.</p>
<h2>Quadra cheia e regra na escola</h2>
<p>Cada equipe tem até dez jogadores de 15 a 21 anos. Para participar, os atletas precisam comprovar matrícula e frequência mínima de 75% na escola, regra que os organizadores consideram o coração do projeto.</p>
<ul>
<li>48 times divididos em categorias masculina, feminina e mista;</li>
<li>Jogos aos sábados e domingos, das 9h às 18h, com entrada gratuita;</li>
<li>Final prevista para o ginásio de Madureira, com transmissão pela internet.</li>
</ul>
<blockquote><p>Tem menino aqui que voltou a estudar por causa da liga. O boletim virou ingresso para a quadra, e a família passou a acompanhar os jogos.</p><p>— Anderson Pacheco Silva, um dos fundadores do torneio</p></blockquote>
<h2>Olheiros na arquibancada</h2>
<p>Nesta temporada, ao menos seis clubes do estado e duas universidades com programas de bolsa esportiva enviaram observadores às partidas. Na edição passada, <em>onze atletas</em> foram convidados para testes em equipes de base, e três deles conseguiram bolsas de estudo integrais.</p>
<p>A ala Thaís Cordeiro, de 17 anos, é um dos destaques da categoria feminina. Moradora de Costa Barros, ela treina numa quadra sem cobertura e sonha em disputar campeonatos universitários. A seleção de atletas para programas de formação segue diretrizes divulgadas pelo <a href="https://www.gov.br/esporte">Ministério do Esporte</a>.</p>
<h2>Desafios para crescer</h2>
<p>Apesar do sucesso, a liga ainda depende de doações e de pequenos patrocinadores locais. Faltam tabelas novas, bolas e arbitragem remunerada. Os organizadores negociam com a prefeitura a reforma de quatro quadras e a instalação de iluminação para permitir jogos à noite durante a semana.</p>
<p>Também está em estudo a criação de uma categoria para atletas com deficiência, em parceria com uma associação de basquete em cadeira de rodas da zona oeste.</p>`,
    tags: ['esporte', 'educação', 'cultura', 'basquete'],
    city_code: '3304557',
    visibility: 'public',
    author: 'editor',
    status: 'published',
    days_ago: 20,
    cover: { hue: 24, accent: 300, motif: 'circles' },
  },
  {
    title: 'Mercados públicos de Fortaleza apostam em cozinha regional para atrair turistas',
    summary:
      'Reformados, os mercados da Aerolândia e de São Sebastião ganham boxes de chefs locais, feira noturna e roteiro guiado com sabores do sertão e do litoral.',
    content: `<p>Conhecidos por décadas apenas como ponto de compra de carne, peixe e farinha, os mercados públicos de Fortaleza estão se reinventando. Depois de reformas, os espaços da <strong>Aerolândia</strong> e de <strong>São Sebastião</strong> passaram a abrigar boxes de cozinha regional, feira noturna e roteiros guiados para visitantes.</p>
<h2>Do balcão ao prato</h2>
<p>A proposta é aproximar produtores e cozinheiros. Quem compra a carne de sol no açougue pode levá-la ao box ao lado e pedir que seja preparada na hora, acompanhada de baião de dois e manteiga da terra. Os boxes foram selecionados por edital e priorizaram cozinheiras e cozinheiros que já trabalhavam nos bairros do entorno.</p>
<ul>
<li>Peixada cearense com peixe comprado no próprio mercado;</li>
<li>Paçoca de pilão e queijo coalho assado na brasa;</li>
<li>Tapiocas recheadas com caranguejo e com cartola, de sobremesa;</li>
<li>Cajuína artesanal e sorvetes de frutas do sertão.</li>
</ul>
<blockquote><p>Minha avó vendia farinha aqui. Hoje eu sirvo o prato que ela fazia em casa para gente do Brasil inteiro. O mercado continua sendo o mesmo, só ficou mais bonito.</p><p>— Raimunda Lopes Bezerra, cozinheira e dona de box</p></blockquote>
<h2>Roteiro e movimento</h2>
<p>Às sextas e sábados, a <em>feira noturna</em> funciona das 18h às 23h, com música ao vivo e barracas de artesanato. Um roteiro guiado a pé liga os dois mercados e apresenta a história do abastecimento da cidade. Segundo a administração, o movimento cresceu 60% desde a reabertura, e metade dos visitantes de fim de semana vem de fora do estado.</p>
<p>O projeto foi inscrito em programas de turismo de experiência divulgados pelo <a href="https://www.gov.br/turismo">Ministério do Turismo</a>, o que deve ajudar a incluir os mercados em pacotes vendidos por agências.</p>
<h2>Preço e tradição em equilíbrio</h2>
<p>Nem todos os comerciantes antigos estão satisfeitos. Alguns reclamam do aumento das taxas de condomínio após a reforma e temem que os preços subam a ponto de afastar a clientela tradicional dos bairros. A administração afirma que as taxas foram congeladas por dois anos e que os boxes de hortifrúti e farinha terão desconto permanente.</p>`,
    tags: ['gastronomia', 'turismo', 'economia', 'mercados públicos'],
    city_code: '2304400',
    visibility: 'public',
    author: 'autor',
    status: 'published',
    days_ago: 23,
    cover: { hue: 42, accent: 160, motif: 'sun' },
  },
  {
    title: 'Fintech de Campinas oferece crédito a pequenos produtores com dados da lavoura',
    summary:
      'Startup usa imagens de satélite e histórico de vendas para aprovar empréstimos a agricultores familiares da região; inadimplência está abaixo da média do setor.',
    content: `<p>Uma fintech fundada em Campinas há três anos está concedendo crédito a <strong>pequenos produtores rurais</strong> usando informações que os bancos tradicionais costumam ignorar: imagens de satélite da lavoura, histórico de vendas em cooperativas e dados climáticos da propriedade. A empresa já liberou R$ 85 milhões em empréstimos para cerca de 4 mil agricultores.</p>
<h2>Como a análise funciona</h2>
<p>Em vez de exigir imóvel como garantia, a plataforma cruza diferentes fontes para estimar a capacidade de pagamento. O produtor autoriza o acesso aos dados pelo celular e recebe uma resposta em até 48 horas.</p>
<ul>
<li>Imagens de satélite mostram a área plantada e a saúde da vegetação;</li>
<li>Notas fiscais e registros de cooperativas indicam o histórico de vendas;</li>
<li>Previsões meteorológicas ajudam a ajustar o calendário de parcelas à colheita.</li>
</ul>
<p>A empresa opera como sociedade de crédito direto, modalidade regulamentada pelo <a href="https://www.bcb.gov.br">Banco Central</a>, e capta recursos com fundos de investimento interessados em crédito rural de impacto.</p>
<blockquote><p>O agricultor familiar sempre foi visto como arriscado porque ninguém olhava para a roça dele. Quando a gente enxerga a lavoura, percebe que ele paga melhor do que muita empresa da cidade.</p><p>— Eduardo Namura Ribeiro, cofundador da fintech</p></blockquote>
<h2>Resultados e cautelas</h2>
<p>Segundo a empresa, a inadimplência acima de 90 dias está em 2,8%, abaixo da média do crédito para pessoas físicas. Os juros variam de 1,2% a 2,1% ao mês, dependendo do perfil e da cultura plantada. Especialistas em finanças, porém, lembram que a carteira ainda é jovem e não passou por uma grande quebra de safra.</p>
<p>Organizações de defesa do consumidor também alertam para o uso de dados pessoais. A recomendação é que o produtor leia com atenção os termos de compartilhamento e saiba <em>quais informações</em> estão sendo coletadas e por quanto tempo.</p>
<h2>Expansão regional</h2>
<p>A fintech pretende chegar ao sul de Minas Gerais e ao norte do Paraná no próximo ano e negocia parcerias com cooperativas de café e de leite. A empresa também estuda oferecer seguro paramétrico, que paga automaticamente quando a chuva fica abaixo de um limite.</p>`,
    tags: ['tecnologia', 'economia', 'meio ambiente', 'fintech'],
    city_code: '3509502',
    visibility: 'premium',
    author: 'autor',
    status: 'published',
    days_ago: 26,
    cover: { hue: 268, accent: 90, motif: 'grid' },
  },
];
